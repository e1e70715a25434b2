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
  CombiningObservable(
    initial: [Element?](repeating: nil, count: sources.count),
    progress: CombineLatestProgress(count: sources.count),
    sources: sources.indices.map { index in
      CombiningSource(latest: sources[index]) { latest, element in swap(&latest[index], &element) }
    },
    emptyValues: [],
    combine: { latest in try resultSelector(latest.map { $0! }) }
  )
}

extension CombiningSource where Progress == CombineLatestProgress, Values == Storage {
  /// A `combineLatest` source: `store(&latest, &element)` swaps the element into its slot of the latest elements
  /// (leaving the one it replaced in `element`); every source having an element, the latest ones are combined.
  @inlinable
  init<Element>(
    latest source: Observable<Element>, _ store: @escaping @Sendable (inout Storage, inout Element?) -> Void
  ) {
    self.init(source) { latest, progress, element, index in
      store(&latest, &element)
      switch progress.next(index) {
      case .wait: return nil
      case .combine: return .next(latest)
      case .complete: return .completed
      }
    }
  }
}

/// `combineLatest` of `Latest`, one optional per source (a tuple of optionals for the arity forms).
@usableFromInline
typealias CombineLatestObservable<Latest, Result> = CombiningObservable<
  Latest, CombineLatestProgress, Latest, Result
>
