// Trait operators that are the Observable operator of the same name on `source`, as in RxSwift.

extension PrimitiveSequence {
  /// Resubscribes after an error of type `Error` when the trigger `notificationHandler` makes from the errors
  /// emits; the Observable `retry(when:)`.
  @preconcurrency
  public func retry<Trigger: ObservableType, Error: Swift.Error>(
    when notificationHandler: @escaping @Sendable (Observable<Error>) -> Trigger
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Resubscribes after any error when the trigger `notificationHandler` makes from the errors emits.
  @preconcurrency
  public func retry<Trigger: ObservableType>(
    when notificationHandler: @escaping @Sendable (Observable<any Swift.Error>) -> Trigger
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Prints every subscription, event and disposal; the Observable `debug`.
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// Creates a resource per subscription, mirrors the trait `primitiveSequenceFactory` makes from it and
  /// disposes the resource when the subscription ends; the Observable `using`.
  @preconcurrency
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @Sendable () throws -> Resource,
    primitiveSequenceFactory: @escaping @Sendable (Resource) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.using(resourceFactory) { resource in try primitiveSequenceFactory(resource).asObservable() })
  }
}

extension PrimitiveSequence where Trait == SingleTrait {
  /// Succeeds with `element` on `scheduler` (the completion follows in a second scheduled action).
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Single<Element> {
    Single(raw: Observable.just(element, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Trait == SingleTrait, Element: FixedWidthInteger {
  /// Succeeds with `0` after `dueTime` on `scheduler`.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Single<Element> {
    Single(raw: Observable.timer(dueTime, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Succeeds with `element` on `scheduler` (the completion follows in a second scheduled action).
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Maybe<Element> {
    Maybe(raw: Observable.just(element, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: FixedWidthInteger {
  /// Succeeds with `0` after `dueTime` on `scheduler`.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Maybe<Element> {
    Maybe(raw: Observable.timer(dueTime, scheduler: scheduler))
  }
}
