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
      CombineLatestSource(sources[index]) { latest, element in swap(&latest[index], &element) }
    },
    combine: { latest in try resultSelector(latest.map { $0! }) }
  )
}

/// `combineLatest` over typed storage: `Latest` holds one optional per source (a tuple of optionals for the arity
/// forms), `combine` unwraps it into the result selector's arguments. The per-element work is in
/// ``CombineLatestCore``, called from handlers built by ``CombineLatestSource``.
@usableFromInline
final class CombineLatestObservable<Latest, Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only (`Latest` is only a template of empty slots).
  let initial: Latest
  let sources: [CombineLatestSource<Latest, Result>]
  let combine: @Sendable (Latest) throws -> Result

  @usableFromInline
  init(
    initial: Latest, sources: [CombineLatestSource<Latest, Result>],
    combine: @escaping @Sendable (Latest) throws -> Result
  ) {
    self.initial = initial
    self.sources = sources
    self.combine = combine
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CombineLatestSink<Latest, Observer>(observer: observer, initial: initial)
    let core = CombineLatestCore(latest: initial, count: sources.count, combine: combine, downstream: sink)
    sink.core = core
    if sources.isEmpty {
      core.finishEmpty()
      return sink
    }
    let subscriptions = CompositeDisposable()
    sink.setUpstream(subscriptions)
    for (index, source) in sources.enumerated() {
      if sink.isDisposed { break }
      subscriptions.insert(source.subscribe(core, index))
    }
    return sink
  }
}

/// One source of a `combineLatest`, its element type erased behind `subscribe`; the event handler it subscribes
/// with is built in inlinable code, so that the client specialises the per-element work (see
/// ``CombineLatestCore``).
@usableFromInline
struct CombineLatestSource<Latest, Result>: Sendable {
  @usableFromInline
  let subscribe: @Sendable (_ core: CombineLatestCore<Latest, Result>, _ index: Int) -> any Disposable

  /// `store(&latest, &element)` swaps `element` into its slot (leaving the replaced one in `element`).
  @inlinable
  init<Element>(
    _ source: Observable<Element>, _ store: @escaping @Sendable (inout Latest, inout Element?) -> Void
  ) {
    subscribe = { core, index in
      source.subscribe(
        TaggedObserver<Element> { event in
          switch event {
          case .next(let element): core.next(index: index, element: element, store: store)
          case .error(let error): core.error(error)
          case .completed: core.completed(index)
          }
        })
    }
  }
}

/// The observer-generic end of a `combineLatest` subscription: forwards what ``CombineLatestCore`` delivers, and
/// closes the core on disposal.
///
/// `@unchecked Sendable`: `core` is written once in `subscribe`, before any source can reach the sink.
final class CombineLatestSink<Latest, Observer: ObserverType>: Sink<Observer>, CombiningDownstream,
  @unchecked Sendable
{
  /// Empty slots, swapped in on disposal.
  let initial: Latest
  /// Weak: the core holds the sink (the sources' observers hold the core), not the other way round.
  weak var core: CombineLatestCore<Latest, Observer.Element>?

  init(observer: Observer, initial: Latest) {
    self.initial = initial
    super.init(observer: observer)
  }

  func deliverNext(_ event: Event<Observer.Element>) {
    // By address: no metadata of `Event` needed here.
    if !isDisposed { observer.on(event) }
  }

  func deliverError(_ error: any Swift.Error) { forwardError(error) }

  func deliverCompleted() { forwardCompleted() }

  /// Releases the latest elements (outside the core's lock): a disposed subscription keeps nothing alive.
  override func disposeResources() { core?.close(empty: initial) }
}
