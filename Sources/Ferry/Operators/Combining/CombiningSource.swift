/// `combineLatest` and `zip` over typed storage: `Storage` holds the sources' elements (a tuple for the arity forms,
/// an array for collections), `Progress` the element-free decisions, and each source's step — built in the
/// operator's inlinable entry point, so specialised in the client — stores an element and decides whether a
/// combination of type `Values` follows; `combine` is the result selector. The per-element work is in
/// ``CombiningStateMachine``, on the engine's ``OperatorStorage``.
@usableFromInline
final class CombiningObservable<Storage, Progress: CombiningProgress, Values, Result>: Observable<Result>,
  @unchecked Sendable
{
  // @unchecked Sendable: immutable configuration only (`initial` and `progress` are templates).
  let initial: Storage
  let progress: Progress
  let sources: [CombiningSource<Storage, Progress, Values, Result>]
  /// What an empty collection of sources emits before completing (`combineLatest`: `resultSelector([])`).
  let emptyValues: Values?
  let combine: @Sendable (Values) throws -> Result

  @usableFromInline
  init(
    initial: Storage, progress: Progress, sources: [CombiningSource<Storage, Progress, Values, Result>],
    emptyValues: Values?, combine: @escaping @Sendable (Values) throws -> Result
  ) {
    self.initial = initial
    self.progress = progress
    self.sources = sources
    self.emptyValues = emptyValues
    self.combine = combine
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CoreSubscriptionSink(observer: observer)
    let storage = OperatorStorage(
      CombiningStateMachine<Storage, Progress, Values, Result>(storage: initial, progress: progress), context: combine,
      downstream: sink)
    sink.attach(storage)
    if sources.isEmpty {
      storage.deliver { $0.finishEmpty(emptyValues) }
      return sink
    }
    // Subscribes in order, stopping early if the sink got disposed, under one composite upstream.
    let subscriptions = CompositeDisposable()
    sink.setUpstream(subscriptions)
    for (index, source) in sources.enumerated() {
      if sink.isDisposed { break }
      subscriptions.insert(source.subscribe(storage, index))
    }
    return sink
  }
}

/// One source of a combining operator, its element type erased behind `subscribe` (only at subscription time). The
/// event handler it subscribes with is built in inlinable code, so that the client specialises the per-element
/// work (see ``CombiningStateMachine``).
@usableFromInline
struct CombiningSource<Storage, Progress: CombiningProgress, Values, Result>: Sendable {
  /// The storage one subscription runs on.
  @usableFromInline typealias Engine = OperatorStorage<CombiningStateMachine<Storage, Progress, Values, Result>>

  @usableFromInline let subscribe: @Sendable (_ storage: Engine, _ index: Int) -> any Disposable

  /// `step(&storage, &progress, &element, index)` stores `element` (leaving in it what is to be released after the
  /// lock) and returns what follows: a combination, the completion, or nothing.
  @inlinable
  init<Element>(
    _ source: Observable<Element>,
    step: @escaping @Sendable (inout Storage, inout Progress, inout Element?, Int) -> Event<Values>?
  ) {
    subscribe = { storage, index in
      source.subscribe(
        CoreSourceObserver<Element>(host: storage.downstream) { event in
          switch event {
          case .next(let element):
            // Holds the element the new one replaces (or the new one, if ignored) until after the lock.
            var released: Element? = element
            storage.deliver { $0.next(&released, index: index, step: step) }
            withExtendedLifetime(released) {}
          case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
          case .completed: _ = storage.withLockOnce { $0.completed(index) }
          }
        })
    }
  }
}
