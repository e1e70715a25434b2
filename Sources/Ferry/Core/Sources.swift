extension Observable {
  /// An observable that emits `element` and completes.
  public static func just(_ element: Element) -> Observable<Element> {
    ElementsObservable(ElementsStorage([element]))
  }

  /// An observable that emits the given elements in order and completes.
  public static func of(_ elements: Element...) -> Observable<Element> {
    ElementsObservable(ElementsStorage(elements))
  }

  /// An observable that emits the elements of `array` in order and completes.
  public static func from(_ array: [Element]) -> Observable<Element> {
    ElementsObservable(ElementsStorage(array))
  }

  /// An observable that emits the elements of `sequence` in order and completes.
  ///
  /// The sequence is copied into an array when the observable is created, so that every subscription sees the
  /// same elements.
  public static func from<S: Sequence>(_ sequence: S) -> Observable<Element> where S.Element == Element {
    ElementsObservable(ElementsStorage(Array(sequence)))
  }

  /// An observable that emits `optional`'s value if it has one, then completes.
  public static func from(optional: Element?) -> Observable<Element> {
    ElementsObservable(ElementsStorage(optional.map { [$0] } ?? []))
  }

  /// An observable that completes immediately.
  public static func empty() -> Observable<Element> {
    ElementsObservable(ElementsStorage([]))
  }

  /// An observable that never emits and never terminates.
  public static func never() -> Observable<Element> {
    NeverObservable()
  }

  /// An observable that terminates immediately with `error`.
  public static func error(_ error: any Swift.Error) -> Observable<Element> {
    ErrorObservable(error)
  }

  /// An observable that calls `factory` for every subscription and subscribes to what it returns.
  ///
  /// An error thrown by `factory` terminates that subscription with the error.
  @preconcurrency
  public static func deferred(
    _ factory: @escaping @Sendable () throws -> Observable<Element>
  ) -> Observable<Element> {
    DeferredObservable(factory)
  }

  /// An observable that emits `element` forever (until disposed), synchronously.
  public static func repeatElement(_ element: Element) -> Observable<Element> {
    RepeatObservable(ElementsStorage([element]))
  }
}

extension Observable where Element: FixedWidthInteger {
  /// An observable that emits `count` consecutive integers starting at `start`, then completes.
  ///
  /// - Precondition: `count >= 0`, and the last element, `start + count - 1`, is representable in `Element`
  ///   (RxSwift checks both up front too: "count can't be negative", "overflow of count").
  public static func range(start: Element, count: Element) -> Observable<Element> {
    precondition(count >= 0, "Observable.range(start:count:): count must be >= 0, got \(count)")
    precondition(
      count == 0 || !start.addingReportingOverflow(count - 1).overflow,
      "Observable.range(start:count:): start + count - 1 overflows \(Element.self), got start \(start), count \(count)"
    )
    return RangeObservable(start: start, count: count)
  }
}

final class RangeObservable<Element: FixedWidthInteger>: Observable<Element>, @unchecked Sendable {
  let start: Element
  let count: Element

  init(start: Element, count: Element) {
    self.start = start
    self.count = count
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    var index: Element = 0
    while index < count {
      if sink.isDisposed || (index & 63 == 63 && sink.isDownstreamDisposed) { return sink }
      sink.forwardNext(start + index)
      index += 1
    }
    sink.forwardCompleted()
    return sink
  }
}

/// Immutable storage for the elements of `just`/`of`/`from`.
///
/// `@unchecked Sendable`: the array is never mutated after init; sharing it between subscriptions is only reading.
struct ElementsStorage<Element>: @unchecked Sendable {
  let elements: [Element]
  init(_ elements: [Element]) { self.elements = elements }
}

final class ElementsObservable<Element>: Observable<Element>, @unchecked Sendable {
  let storage: ElementsStorage<Element>

  init(_ storage: ElementsStorage<Element>) { self.storage = storage }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    // Indexed, not `for … in`: this code is not specialised, and a generic `IndexingIterator` reads each element
    // through `Collection`'s subscript coroutine, whose frame is a heap allocation per element.
    let elements = storage.elements
    var index = 0
    while index < elements.count {
      // Disposal from inside `onNext` stops the loop; a finished downstream (`take`) is noticed within 64
      // elements (the walk down the chain costs more than one element's delivery).
      if sink.isDisposed || (index & 63 == 63 && sink.isDownstreamDisposed) { return sink }
      sink.forwardNext(elements[index])
      index += 1
    }
    sink.forwardCompleted()
    return sink
  }
}

final class RepeatObservable<Element>: Observable<Element>, @unchecked Sendable {
  let storage: ElementsStorage<Element>

  init(_ storage: ElementsStorage<Element>) { self.storage = storage }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    let element = storage.elements[0]
    // An infinite synchronous loop: stop as soon as anything below stops listening (`take(_:)` finishes
    // before `subscribe` returns, so its disposal cannot reach this sink through the upstream chain).
    while !sink.isDownstreamDisposed { sink.forwardNext(element) }
    return sink
  }
}

/// A sink with no upstream, used by sources that produce elements themselves.
final class SourceSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {}

final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    Disposables.create()
  }
}

final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {
  let error: any Swift.Error

  init(_ error: any Swift.Error) { self.error = error }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    observer.on(.error(error))
    return Disposables.create()
  }
}

final class DeferredObservable<Element>: Observable<Element>, @unchecked Sendable {
  let factory: @Sendable () throws -> Observable<Element>

  init(_ factory: @escaping @Sendable () throws -> Observable<Element>) { self.factory = factory }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    do {
      return try factory().subscribe(observer)
    } catch {
      observer.on(.error(error))
      return Disposables.create()
    }
  }
}
