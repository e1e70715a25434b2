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
  let pop: @Sendable (inout [FIFOBuffer<Element>]) -> [Element] = { buffers in
    buffers.indices.map { buffers[$0].popFirst()! }
  }
  return CombiningObservable(
    initial: Array(repeating: FIFOBuffer(), count: sources.count),
    progress: ZipProgress(count: sources.count),
    sources: sources.indices.map { index in
      // As RxSwift's collection form (unlike its arity forms): an element that cannot be paired while every other
      // source has completed completes the result, since no pair can follow.
      CombiningSource(sources[index]) { buffers, progress, element, index in
        var taken: Element? = nil
        swap(&taken, &element)
        buffers[index].append(taken!)
        if progress.next(index) { return .next(pop(&buffers)) }
        return progress.unpairable(index) ? .completed : nil
      }
    },
    emptyValues: nil,
    combine: resultSelector
  )
}

extension CombiningSource where Progress == ZipProgress {
  /// A `zip` source: `append` adds the element to its source's FIFO (nothing is replaced, so nothing is left to
  /// release); every FIFO having an element, `pop` takes the front one of each into a combination.
  @inlinable
  init<Element>(
    zip source: Observable<Element>, pop: @escaping @Sendable (inout Storage) -> Values,
    _ append: @escaping @Sendable (inout Storage, Element) -> Void
  ) {
    self.init(source) { buffers, progress, element, index in
      var taken: Element? = nil
      swap(&taken, &element)
      append(&buffers, taken!)
      // `pop` is the operator's own code (it moves elements out of the FIFOs), not user code.
      return progress.next(index) ? .next(pop(&buffers)) : nil
    }
  }
}

/// `zip` of `Buffers`, one FIFO of unpaired elements per source (a tuple of them for the arity forms), combined
/// into `Values`.
@usableFromInline
typealias ZipObservable<Buffers, Values, Result> = CombiningObservable<Buffers, ZipProgress, Values, Result>
