extension ObservableType where Element: ObservableConvertibleType {
  /// Subscribes to every inner sequence as it arrives and emits all their elements.
  ///
  /// Completes when `self` and every inner sequence have completed; the first error from any of them
  /// terminates the result. Disposing the result disposes `self` and every inner subscription.
  public func merge() -> Observable<Element.Element> {
    MergeObservable(source: asObservable(), maxConcurrent: .max, overflow: .queue) { $0 }
  }

  /// Like ``merge()``, but subscribes to at most `maxConcurrent` inner sequences at a time; later ones wait, in
  /// order, until an active one completes.
  ///
  /// - Precondition: `maxConcurrent > 0`.
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    precondition(maxConcurrent > 0, "merge(maxConcurrent:): maxConcurrent must be > 0, got \(maxConcurrent)")
    return MergeObservable(source: asObservable(), maxConcurrent: maxConcurrent, overflow: .queue) { $0 }
  }
}

extension ObservableType {
  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    Observable.from(sources).merge()
  }

  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable.from(sources).merge()
  }

  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  public static func merge<C: Collection>(_ sources: C) -> Observable<Element> where C.Element == Observable<Element> {
    Observable.from(Array(sources)).merge()
  }
}

/// What a merge does with an inner sequence that arrives while `maxConcurrent` are active.
enum MergeOverflow: Sendable {
  /// Wait, in order, for an active inner sequence to complete (`merge(maxConcurrent:)`, `concat`, `concatMap`).
  case queue
  /// Ignore it (`flatMapFirst`); the selector is not even called.
  case drop
}

/// The engine of `merge`, `flatMap`, `concat`, `concatMap` and `flatMapFirst`.
final class MergeObservable<Source, Inner: ObservableConvertibleType>: Observable<Inner.Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Source>
  let maxConcurrent: Int
  let overflow: MergeOverflow
  let selector: @Sendable (Source) throws -> Inner

  init(
    source: Observable<Source>,
    maxConcurrent: Int,
    overflow: MergeOverflow,
    selector: @escaping @Sendable (Source) throws -> Inner
  ) {
    self.source = source
    self.maxConcurrent = maxConcurrent
    self.overflow = overflow
    self.selector = selector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Inner.Element {
    let sink = MergeSink<Source, Inner, Observer>(parent: self, observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

/// The lock-protected state of a ``MergeSink``.
struct MergeState<Inner> {
  /// Inner subscriptions started and not yet completed.
  var active = 0
  /// Inner sequences decided on but not yet subscribed to (beyond `maxConcurrent`, or waiting for the start loop).
  var pending: [Inner] = []
  var pendingHead = 0
  /// A thread is running the start loop; others leave their pending inners to it (this also turns the
  /// recursion of synchronously completing inners, e.g. `concat` of `just`s, into a loop).
  var starting = false
  var outerDone = false
  var stopped = false

  var hasPending: Bool { pendingHead < pending.count }

  /// Claims the start loop and the next pending inner if there is capacity and no other thread runs the loop.
  mutating func takeNextToStart(maxConcurrent: Int) -> Inner? {
    guard !starting, !stopped, hasPending, active < maxConcurrent else { return nil }
    let inner = pending[pendingHead]
    pendingHead += 1
    if pendingHead == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingHead = 0
    }
    active += 1
    starting = true
    return inner
  }

  /// Whether the result should complete now.
  var isFinished: Bool { outerDone && active == 0 && !hasPending }
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``); `innerSubscriptions` is a
/// thread-safe `CompositeDisposable`.
final class MergeSink<Source, Inner: ObservableConvertibleType, Observer: ObserverType>:
  SerializingSink<Observer, MergeState<Inner>, Event<Inner.Element>>, ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
  let parent: MergeObservable<Source, Inner>
  let innerSubscriptions = CompositeDisposable()

  init(parent: MergeObservable<Source, Inner>, observer: Observer) {
    self.parent = parent
    super.init(observer: observer, state: MergeState())
  }

  func on(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      if parent.overflow == .drop {
        // Only the (serialised) outer adds inners, so this check cannot race with another addition.
        let busy = peek { $0.active > 0 || $0.hasPending || $0.stopped }
        if busy { return }
      }
      let inner: Inner
      do {
        inner = try parent.selector(element)
      } catch {
        stop(.error(error))
        return
      }
      let accepted: Bool = synchronized { state, _ in
        guard !state.stopped else { return false }
        state.pending.append(inner)
        return true
      }
      if accepted { startPending() }
    case .error(let error):
      stop(.error(error))
    case .completed:
      synchronized { state, outbox in
        guard !state.stopped else { return }
        state.outerDone = true
        if state.isFinished {
          state.stopped = true
          outbox.send(.completed)
        }
      }
    }
  }

  private func stop(_ event: Event<Inner.Element>) {
    synchronized { state, outbox in
      guard !state.stopped else { return }
      state.stopped = true
      outbox.send(event)
    }
  }

  /// Subscribes to pending inners while there is capacity; one thread at a time, iteratively.
  private func startPending() {
    while true {
      let next: Inner? = withState { $0.takeNextToStart(maxConcurrent: parent.maxConcurrent) }
      guard let next else { return }
      subscribeInner(next)
      withState { $0.starting = false }
    }
  }

  private func subscribeInner(_ inner: Inner) {
    let holder = SingleAssignmentDisposable()
    guard let key = innerSubscriptions.insert(holder) else { return }
    let observer = TaggedObserver<Inner.Element> { [self] event in self.onInner(event, key: key) }
    holder.setDisposable(inner.asObservable().subscribe(observer))
  }

  private func onInner(_ event: Event<Inner.Element>, key: CompositeDisposable.DisposeKey) {
    switch event {
    case .next:
      synchronized { state, outbox in
        if !state.stopped { outbox.send(event) }
      }
    case .error:
      stop(event)
    case .completed:
      innerSubscriptions.remove(for: key)
      synchronized { state, outbox in
        guard !state.stopped else { return }
        state.active -= 1
        if state.isFinished {
          state.stopped = true
          outbox.send(.completed)
        }
      }
      startPending()
    }
  }

  override func deliver(_ item: Event<Inner.Element>) { forward(item) }

  override func disposeResources() {
    innerSubscriptions.dispose()
    let pending = withState { state in
      defer { state.pending = [] }
      return state.pending
    }
    _ = pending  // released outside the lock
  }
}
