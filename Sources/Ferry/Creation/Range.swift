extension Observable where Element: FixedWidthInteger {
  /// An observable that emits `count` consecutive integers starting at `start`, then completes.
  ///
  /// - Precondition: `count >= 0`, and the last element, `start + count - 1`, is representable in `Element`
  ///   (RxSwift checks both up front too: "count can't be negative", "overflow of count").
  public static func range(start: Element, count: Element) -> Observable<Element> {
    requireArgument(count >= 0, "Observable.range(start:count:): count must be >= 0, got \(count)")
    requireArgument(
      count == 0 || !start.addingReportingOverflow(count - 1).overflow,
      "Observable.range(start:count:): start + count - 1 overflows \(Element.self), got start \(start), count \(count)"
    )
    return RangeObservable(start: start, count: count)
  }
}

final class RangeObservable<Element: FixedWidthInteger>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
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
    var stop = SynchronousLoopStop()
    while index < count {
      if stop.isReached(below: sink) { return sink }
      sink.forwardNext(start + index)
      index += 1
    }
    sink.forwardCompleted()
    return sink
  }
}
