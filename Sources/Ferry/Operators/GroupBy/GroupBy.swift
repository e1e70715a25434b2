extension ObservableType {
  /// Splits the elements into groups by `keySelector`: emits a ``GroupedObservable`` the first time a key is seen,
  /// then sends that element and every later one with the same key to it.
  ///
  /// Each group is hot (a subject): subscribe to it when it is emitted (in `onNext`, or through `flatMap`) to get
  /// its first element. A terminal event of the source, or an error thrown by `keySelector`, goes to every group,
  /// then downstream. Disposing the subscription stops the groups from being emitted, but the source stays
  /// subscribed while any group is subscribed to (as in RxSwift).
  @preconcurrency
  public func groupBy<Key: Hashable>(
    keySelector: @escaping @Sendable (Element) throws -> Key
  ) -> Observable<GroupedObservable<Key, Element>> {
    GroupByObservable(source: asObservable(), keySelector: keySelector)
  }
}

/// `groupBy` on the operator engine: a ``GroupByStateMachine`` in an ``OperatorStorage`` per subscription.
final class GroupByObservable<Key: Hashable, Element>: Observable<GroupedObservable<Key, Element>>,
  @unchecked Sendable
{
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let keySelector: @Sendable (Element) throws -> Key

  init(source: Observable<Element>, keySelector: @escaping @Sendable (Element) throws -> Key) {
    self.source = source
    self.keySelector = keySelector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == GroupedObservable<Key, Element> {
    let sink = CoreSubscriptionSink(observer: observer)
    // The source's subscription ends when it terminates, or once the subscription and every group subscription
    // are disposed. The storage is not attached to the sink: disposing the subscription must not close the groups,
    // which keep receiving.
    let sourceSubscription = SingleAssignmentDisposable()
    let refCount = RefCountDisposable(disposable: sourceSubscription)
    sink.setUpstream(refCount)
    let groupBy = GroupBySourceObserver(
      storage: OperatorStorage(GroupByStateMachine<Key, Element>(), downstream: sink),
      keySelector: keySelector, refCount: refCount, sourceSubscription: sourceSubscription)
    sourceSubscription.setDisposable(source.subscribe(groupBy))
    return sink
  }
}

/// The source's observer of one `groupBy` subscription: runs the key selector, then the machine's transition, then
/// acts on its action (sends the element to its group; terminates the groups before the downstream).
final class GroupBySourceObserver<Key: Hashable, Element>: ObserverType, @unchecked Sendable {
  // @unchecked Sendable: immutable; the storage, the disposables and the group subjects are thread-safe.
  typealias Machine = GroupByStateMachine<Key, Element>
  let storage: OperatorStorage<Machine>
  let keySelector: @Sendable (Element) throws -> Key
  let refCount: RefCountDisposable
  let sourceSubscription: SingleAssignmentDisposable

  init(
    storage: OperatorStorage<Machine>, keySelector: @escaping @Sendable (Element) throws -> Key,
    refCount: RefCountDisposable, sourceSubscription: SingleAssignmentDisposable
  ) {
    self.storage = storage
    self.keySelector = keySelector
    self.refCount = refCount
    self.sourceSubscription = sourceSubscription
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let key: Key
      do {
        key = try keySelector(element)
      } catch {
        return terminate(storage.withLockDeliveringNothing { $0.failed(error) })
      }
      let refCount = self.refCount
      let action = storage.withLock {
        $0.next(key) { GroupedObservable(key: key, source: GroupSubscription($0, refCount: refCount)) }
      }
      switch action {
      case .open(_, let subject), .send(let subject): subject.on(.next(element))
      case .ignore, nil: break
      }
    case .error(let error): terminate(storage.withLockDeliveringNothing { $0.failed(error) })
    case .completed: terminate(storage.withLockDeliveringNothing { $0.completed() })
    }
  }

  private func terminate(_ action: Machine.TerminateAction?) {
    guard case .terminate(let groups, let event) = action else { return }
    for group in groups { group.on(event) }
    _ = storage.withLock { $0.groupsTerminated() }
    sourceSubscription.dispose()
  }
}

/// A group of `groupBy`: the elements of the source that share one key.
public struct GroupedObservable<Key, Element>: ObservableType, @unchecked Sendable {
  // @unchecked Sendable: immutable; the key is only read (as an `Observable`'s elements, it is not required to be
  // `Sendable`, so that RxSwift code compiles unchanged).
  /// The key the group's elements share.
  public let key: Key
  private let source: Observable<Element>

  /// A group of `key` whose elements are `source`'s.
  public init(key: Key, source: Observable<Element>) {
    self.key = key
    self.source = source
  }

  /// Subscribes `observer` to the group's elements.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// The group's elements as an `Observable`.
  public func asObservable() -> Observable<Element> { source }
}

/// The observable of one group: a subscription to the group's subject that keeps the source subscribed.
final class GroupSubscription<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable; both are thread-safe.
  let subject: PublishSubject<Element>
  let refCount: RefCountDisposable

  init(_ subject: PublishSubject<Element>, refCount: RefCountDisposable) {
    self.subject = subject
    self.refCount = refCount
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let release = refCount.retain()
    return Disposables.create(subject.subscribe(observer), release)
  }
}
