extension ObservableType {
  /// Combines the elements of the sources of `collection` by index — the first of each, then the second of
  /// each, … — with `resultSelector`.
  ///
  /// Completes as soon as a source that completed has no buffered element left (no further combination can
  /// follow); the first error terminates the result. An empty collection completes at once.
  @preconcurrency
  public static func zip<C: Collection>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([C.Element.Element]) throws -> Element
  ) -> Observable<Element> where C.Element: ObservableType {
    ZipObservable(sources: collection.map(ErasedSource.init)) { values in
      try resultSelector(values.map { $0 as! C.Element.Element })
    }
  }

  /// Emits arrays of the elements of the sources of `collection` combined by index. See
  /// ``zip(_:resultSelector:)`` for termination.
  public static func zip<C: Collection>(_ collection: C) -> Observable<[Element]>
  where C.Element: ObservableType, C.Element.Element == Element {
    ZipObservable(sources: collection.map(ErasedSource.init)) { values in
      values.map { $0 as! Element }
    }
  }
}

final class ZipObservable<Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let sources: [ErasedSource]
  let resultSelector: @Sendable ([Any]) throws -> Result

  init(sources: [ErasedSource], resultSelector: @escaping @Sendable ([Any]) throws -> Result) {
    self.sources = sources
    self.resultSelector = resultSelector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = ZipSink(observer: observer, count: sources.count, resultSelector: resultSelector)
    sink.run(sources)
    return sink
  }
}

/// The lock-protected state of a ``ZipSink``: one FIFO of unpaired elements per source.
struct ZipState {
  var buffers: [ZipBuffer]
  var done: [Bool]
  var stopped = false

  init(count: Int) {
    buffers = Array(repeating: ZipBuffer(), count: count)
    done = Array(repeating: false, count: count)
  }

  /// Whether some source completed with nothing left to pair.
  /// Applies one source event; returns what to deliver: a combination and/or a stop event.
  ///
  /// As RxSwift (6.10): the sequence completes when every source has completed, not earlier when a completed
  /// source's buffer runs dry (the other sources stay subscribed until they complete).
  mutating func on(_ event: Event<Any>, index: Int) -> (CombineItem?, CombineItem?) {
    guard !stopped else { return (nil, nil) }
    switch event {
    case .next(let element):
      buffers[index].append(element)
      guard buffers.allSatisfy({ !$0.isEmpty }) else { return (nil, nil) }
      return (.values(buffers.indices.map { buffers[$0].removeFirst() }), nil)
    case .error(let error):
      stopped = true
      return (.error(error), nil)
    case .completed:
      done[index] = true
      guard done.allSatisfy({ $0 }) else { return (nil, nil) }
      stopped = true
      return (nil, .completed)
    }
  }
}

/// A FIFO of the unpaired elements of one `zip` source.
struct ZipBuffer {
  private var elements: [Any] = []
  private var head = 0

  var isEmpty: Bool { head == elements.count }

  mutating func append(_ element: Any) { elements.append(element) }

  mutating func removeFirst() -> Any {
    let element = elements[head]
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``).
final class ZipSink<Observer: ObserverType>: SerializingSink<Observer, ZipState, CombineItem>, @unchecked Sendable {
  let resultSelector: @Sendable ([Any]) throws -> Observer.Element

  init(observer: Observer, count: Int, resultSelector: @escaping @Sendable ([Any]) throws -> Observer.Element) {
    self.resultSelector = resultSelector
    super.init(observer: observer, state: ZipState(count: count))
  }

  func run(_ sources: [ErasedSource]) {
    if sources.isEmpty {
      synchronized { state, outbox in
        state.stopped = true
        outbox.send(.completed)
      }
      return
    }
    subscribeAll(sources) { [self] event, index in
      synchronized { state, outbox in
        let (first, second) = state.on(event, index: index)
        if let first { outbox.send(first) }
        if let second { outbox.send(second) }
      }
    }
  }

  override func deliver(_ item: CombineItem) { deliverCombination(item, resultSelector) }
}
