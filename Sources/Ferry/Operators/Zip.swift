extension ObservableType {
  /// Combines the elements of the sources of `collection` by index — the first of each, then the second of
  /// each, … — with `resultSelector`.
  ///
  /// Completes when every source has completed (as RxSwift); the first error terminates the result. An empty
  /// collection completes at once.
  @preconcurrency
  public static func zip<C: Collection>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([C.Element.Element]) throws -> Element
  ) -> Observable<Element> where C.Element: ObservableType {
    zipCollection(collection.map { $0.asObservable() }, resultSelector)
  }

  /// Emits arrays of the elements of the sources of `collection` combined by index. See
  /// ``zip(_:resultSelector:)`` for termination.
  public static func zip<C: Collection>(_ collection: C) -> Observable<[Element]>
  where C.Element: ObservableType, C.Element.Element == Element {
    zipCollection(collection.map { $0.asObservable() }) { $0 }
  }
}

/// The collection form: one FIFO of unpaired elements per source, in an array (the combination is an array by the
/// API's shape, so it is the one form that allocates per element).
func zipCollection<Element, Result>(
  _ sources: [Observable<Element>], _ resultSelector: @escaping @Sendable ([Element]) throws -> Result
) -> Observable<Result> {
  ZipObservable<[FIFOBuffer<Element>], [Element], Result>(
    initial: Array(repeating: FIFOBuffer(), count: sources.count),
    sources: sources.indices.map { index in CombiningSource(sources[index], zipSlot { $0[index].append($1) }) },
    pop: { buffers in buffers.indices.map { buffers[$0].popFirst()! } },
    combine: resultSelector
  )
}

/// The slot of one `zip` source: appends the element to that source's FIFO (nothing is replaced, so nothing is
/// left to release).
func zipSlot<Buffers, Element>(
  _ append: @escaping @Sendable (inout Buffers, Element) -> Void
) -> CombiningSlot<Buffers, Element> {
  CombiningSlot { buffers, element in
    var taken: Element? = nil
    swap(&taken, &element)
    append(&buffers, taken!)
  }
}

/// `zip` over typed storage: `Buffers` holds one FIFO per source (a tuple of them for the arity forms), `pop` takes
/// the front element of each into a combination of type `Values`, and `combine` is the result selector.
final class ZipObservable<Buffers, Values, Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only (`initial` is a template of empty FIFOs).
  let initial: Buffers
  let sources: [CombiningSource<Buffers>]
  let pop: @Sendable (inout Buffers) -> Values
  let combine: @Sendable (Values) throws -> Result

  init(
    initial: Buffers, sources: [CombiningSource<Buffers>], pop: @escaping @Sendable (inout Buffers) -> Values,
    combine: @escaping @Sendable (Values) throws -> Result
  ) {
    self.initial = initial
    self.sources = sources
    self.pop = pop
    self.combine = combine
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = ZipSink(
      observer: observer, state: ZipState(buffers: initial, count: sources.count), pop: pop, combine: combine)
    sink.run(sources)
    return sink
  }
}

/// The lock-protected state of a ``ZipSink``: the typed FIFOs and the element-free progress.
struct ZipState<Buffers> {
  var buffers: Buffers
  var progress: ZipProgress

  init(buffers: Buffers, count: Int) {
    self.buffers = buffers
    progress = ZipProgress(count: count)
  }
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``).
final class ZipSink<Buffers, Values, Observer: ObserverType>:
  SerializingSink<Observer, ZipState<Buffers>, CombineItem<Values>>, CombiningTarget, @unchecked Sendable
{
  let pop: @Sendable (inout Buffers) -> Values
  let combine: @Sendable (Values) throws -> Observer.Element
  /// Empty FIFOs, swapped in on disposal.
  let initial: Buffers

  init(
    observer: Observer, state: ZipState<Buffers>, pop: @escaping @Sendable (inout Buffers) -> Values,
    combine: @escaping @Sendable (Values) throws -> Observer.Element
  ) {
    self.pop = pop
    initial = state.buffers
    self.combine = combine
    super.init(observer: observer, state: state)
  }

  func run(_ sources: [CombiningSource<Buffers>]) {
    if sources.isEmpty {
      synchronized { state, outbox in
        state.progress.stop()
        outbox.send(.completed)
      }
      return
    }
    subscribeAll(sources, target: self)
  }

  func on<Element>(_ event: Event<Element>, index: Int, store: CombiningSlot<Buffers, Element>) {
    switch event {
    case .next(let element):
      var element: Element? = element
      synchronized { state, outbox in
        guard !state.progress.isStopped else { return }
        store.store(&state.buffers, &element)
        // `pop` is the operator's own code (it moves elements out of the FIFOs), not user code.
        if state.progress.next(index) { outbox.send(.values(pop(&state.buffers))) }
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

  override func deliver(_ item: CombineItem<Values>) { deliverCombination(item, combine) }

  /// Releases the unpaired elements (outside the lock): a disposed subscription keeps nothing alive.
  override func disposeResources() {
    var buffers = initial
    withState { state in swap(&buffers, &state.buffers) }
  }
}
