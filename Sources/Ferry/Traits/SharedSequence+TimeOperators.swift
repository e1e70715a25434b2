// Time-based and structural operators of `Driver` and `Signal` (RxCocoa's names): each is the Observable operator
// on the shared source, on the strategy's scheduler where it needs one.

extension SharedSequenceConvertibleType {
  /// Emits the first element of each `dueTime` window (and, with `latest`, the last one at its end).
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
  }

  /// Emits an element only after `dueTime` has passed without another one.
  public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Emits every element `dueTime` later.
  public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Drops the first `count` elements.
  public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().skip(count))
  }

  /// Maps an element to a sequence and ignores the elements that arrive while that sequence is running.
  @preconcurrency
  public func flatMapFirst<Sharing, Result>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable().flatMapFirst(selector))
  }

  /// Prints every subscription, event and disposal; the Observable `debug`.
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      raw: asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
  /// Forwards the elements of the most recent inner sequence.
  public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().switchLatest())
  }

  /// Merges the elements of all inner sequences.
  public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().merge())
  }

  /// Merges the elements of the inner sequences, at most `maxConcurrent` subscribed at a time.
  public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().merge(maxConcurrent: maxConcurrent))
  }

  /// Forwards the elements of the inner sequences one sequence after another.
  public func concat() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().concat())
  }
}

extension SharedSequence {
  /// Emits the elements of `sources`, one sequence after another.
  public static func concat<S: Sequence>(_ sources: S) -> SharedSequence<SharingStrategy, Element>
  where S.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.concat(sources.lazy.map { $0.asObservable() }))
  }

  /// Emits the elements of `sources`, one sequence after another.
  public static func concat<C: Collection>(_ sources: C) -> SharedSequence<SharingStrategy, Element>
  where C.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.concat(sources.map { $0.asObservable() }))
  }

  /// Emits the elements of the sequence in order on the sharing scheduler, one scheduled action per element, and
  /// completes in one more (on a mocked `TestScheduler`, one tick apart, as in RxCocoa).
  public static func from<S: Sequence>(_ sequence: S) -> SharedSequence<SharingStrategy, Element>
  where S.Element == Element {
    SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
  }

  /// Combines the elements of `collection` by index with `resultSelector`.
  @preconcurrency
  public static func zip<C: Collection>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([C.Element.Element]) -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where C.Element: SharedSequenceConvertibleType, C.Element.SharingStrategy == SharingStrategy {
    SharedSequence(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
  }

  /// Combines the latest elements of `collection` with `resultSelector` whenever one emits, once all have.
  @preconcurrency
  public static func combineLatest<C: Collection>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([C.Element.Element]) -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where C.Element: SharedSequenceConvertibleType, C.Element.SharingStrategy == SharingStrategy {
    SharedSequence(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
  }
}

extension SharedSequence where Element: FixedWidthInteger {
  /// Emits `0, 1, 2, …` every `period` on the sharing scheduler.
  public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
  }

  /// Emits `0` after `dueTime` and completes; with a `period`, goes on emitting `1, 2, …` every `period`.
  public static func timer(
    _ dueTime: RxTimeInterval,
    period: RxTimeInterval? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
  }
}

extension SharedSequence {
  /// Combines the elements of `collection` by index into arrays.
  public static func zip<C: Collection>(_ collection: C) -> SharedSequence<SharingStrategy, [Element]>
  where
    C.Element: SharedSequenceConvertibleType, C.Element.SharingStrategy == SharingStrategy,
    C.Element.Element == Element
  {
    SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
  }

  /// Emits arrays of the latest elements of `collection` whenever one emits, once all have.
  public static func combineLatest<C: Collection>(_ collection: C) -> SharedSequence<SharingStrategy, [Element]>
  where
    C.Element: SharedSequenceConvertibleType, C.Element.SharingStrategy == SharingStrategy,
    C.Element.Element == Element
  {
    SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
  }
}
