extension ObservableType {
  /// Combines the latest elements of every source of `collection` with `resultSelector`, each time any source
  /// emits, once all of them have emitted.
  ///
  /// Completes when all sources completed, or as soon as one completes without having emitted (no combination
  /// can follow); the first error terminates the result. An empty collection emits `resultSelector([])` and
  /// completes.
  @preconcurrency
  public static func combineLatest<C: Collection>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([C.Element.Element]) throws -> Element
  ) -> Observable<Element> where C.Element: ObservableType {
    combineLatestCollection(collection.map { $0.asObservable() }, resultSelector)
  }

  /// Emits an array of the latest elements of every source of `collection`, each time any source emits, once
  /// all of them have emitted. See ``combineLatest(_:resultSelector:)`` for termination.
  public static func combineLatest<C: Collection>(_ collection: C) -> Observable<[Element]>
  where C.Element: ObservableType, C.Element.Element == Element {
    combineLatestCollection(collection.map { $0.asObservable() }) { $0 }
  }
}

/// The collection form: the latest elements in an array of optionals, one slot per source (the combination is an
/// array by the API's shape, so it is the one form that allocates per element).
func combineLatestCollection<Element, Result>(
  _ sources: [Observable<Element>], _ resultSelector: @escaping @Sendable ([Element]) throws -> Result
) -> Observable<Result> {
  CombineLatestObservable(
    initial: [Element?](repeating: nil, count: sources.count),
    sources: sources.indices.map { index in
      CombiningSource(sources[index], CombiningSlot { latest, element in swap(&latest[index], &element) })
    },
    combine: { latest in try resultSelector(latest.map { $0! }) }
  )
}

/// `combineLatest` over typed storage: `Latest` holds one optional per source (a tuple of optionals for the arity
/// forms), `combine` unwraps it into the result selector's arguments.
final class CombineLatestObservable<Latest, Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only (`Latest` is only a template of empty slots).
  let initial: Latest
  let sources: [CombiningSource<Latest>]
  let combine: @Sendable (Latest) throws -> Result

  init(initial: Latest, sources: [CombiningSource<Latest>], combine: @escaping @Sendable (Latest) throws -> Result) {
    self.initial = initial
    self.sources = sources
    self.combine = combine
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CombineLatestSink(
      observer: observer, state: CombineLatestState(latest: initial, count: sources.count), combine: combine)
    sink.run(sources)
    return sink
  }
}

/// The lock-protected state of a ``CombineLatestSink``: the typed latest elements and the element-free progress.
struct CombineLatestState<Latest> {
  var latest: Latest
  var progress: CombineLatestProgress

  init(latest: Latest, count: Int) {
    self.latest = latest
    progress = CombineLatestProgress(count: count)
  }
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``).
final class CombineLatestSink<Latest, Observer: ObserverType>:
  SerializingSink<Observer, CombineLatestState<Latest>, CombineItem<Latest>>, CombiningTarget, @unchecked Sendable
{
  let combine: @Sendable (Latest) throws -> Observer.Element
  /// Empty slots, swapped in on disposal.
  let initial: Latest

  init(
    observer: Observer, state: CombineLatestState<Latest>,
    combine: @escaping @Sendable (Latest) throws -> Observer.Element
  ) {
    self.combine = combine
    initial = state.latest
    super.init(observer: observer, state: state)
  }

  func run(_ sources: [CombiningSource<Latest>]) {
    if sources.isEmpty {
      synchronized { state, outbox in
        state.progress.stop()
        outbox.send(.values(state.latest))
        outbox.send(.completed)
      }
      return
    }
    subscribeAll(sources, target: self)
  }

  func on<Element>(_ event: Event<Element>, index: Int, store: CombiningSlot<Latest, Element>) {
    switch event {
    case .next(let element):
      // Holds the element the new one replaces until after the lock.
      var replaced: Element? = element
      synchronized { state, outbox in
        guard !state.progress.isStopped else { return }
        store.store(&state.latest, &replaced)
        switch state.progress.next(index) {
        case .wait: break
        case .combine: outbox.send(.values(state.latest))
        case .complete: outbox.send(.completed)
        }
      }
    case .error(let error):
      synchronized { state, outbox in
        if state.progress.error() { outbox.send(.error(error)) }
      }
    case .completed:
      synchronized { state, outbox in
        if state.progress.completed(index) { outbox.send(.completed) }
      }
    }
  }

  override func deliver(_ item: CombineItem<Latest>) { deliverCombination(item, combine) }

  /// Releases the latest elements (outside the lock): a disposed subscription keeps nothing alive.
  override func disposeResources() {
    var latest = initial
    withState { state in swap(&latest, &state.latest) }
  }
}
