/// `combineLatest` and `zip` over typed storage: `Storage` holds the sources' elements (a tuple for the arity forms,
/// an array for collections), `Progress` the element-free decisions, and each source's step — built in the
/// operator's inlinable entry point, so specialised in the client — stores an element and decides whether a
/// combination of type `Values` follows; `combine` is the result selector. The per-element work is in
/// ``CombiningCore``.
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
    let core = CombiningCore(storage: initial, progress: progress, combine: combine, downstream: sink)
    sink.attach(core)
    if sources.isEmpty {
      core.finishEmpty(emptyValues)
      return sink
    }
    // Subscribes in order, stopping early if the sink got disposed, under one composite upstream.
    let subscriptions = CompositeDisposable()
    sink.setUpstream(subscriptions)
    for (index, source) in sources.enumerated() {
      if sink.isDisposed { break }
      subscriptions.insert(source.subscribe(core, index))
    }
    return sink
  }
}

/// One source of a combining operator, its element type erased behind `subscribe` (only at subscription time). The
/// event handler it subscribes with is built in inlinable code, so that the client specialises the per-element
/// work (see ``CombiningCore``).
@usableFromInline
struct CombiningSource<Storage, Progress: CombiningProgress, Values, Result>: Sendable {
  @usableFromInline typealias Core = CombiningCore<Storage, Progress, Values, Result>

  @usableFromInline let subscribe: @Sendable (_ core: Core, _ index: Int) -> any Disposable

  /// `step(&storage, &progress, &element, index)` stores `element` (leaving in it what is to be released after the
  /// lock) and returns what to emit, if anything.
  @inlinable
  init<Element>(
    _ source: Observable<Element>,
    step: @escaping @Sendable (inout Storage, inout Progress, inout Element?, Int) -> CombineItem<Values>?
  ) {
    subscribe = { core, index in
      source.subscribe(
        AnyObserver<Element> { event in
          switch event {
          case .next(let element): core.next(element) { step(&$0, &$1, &$2, index) }
          case .error(let error): core.error(error)
          case .completed: core.completed(index)
          }
        })
    }
  }
}

/// What a combining sink decided to deliver: a combination to pass through the result selector (outside the
/// lock, on the delivering thread), or a stop event.
@usableFromInline
enum CombineItem<Values> {
  case values(Values)
  case error(any Swift.Error)
  case completed
}
