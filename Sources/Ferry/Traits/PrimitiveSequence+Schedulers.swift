extension PrimitiveSequence {
  /// Delivers the outcome on `scheduler`.
  public func observe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// The RxSwift 5 name of ``observe(on:)``.
  public func observeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    observe(on: scheduler)
  }

  /// Subscribes (and so starts the work) on `scheduler`; disposal also happens there.
  public func subscribe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// The RxSwift 5 name of ``subscribe(on:)``.
  public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    subscribe(on: scheduler)
  }

  /// Delivers the outcome `dueTime` later, on `scheduler`; an error is forwarded at once, not delayed (as in RxSwift).
  public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes `dueTime` after the subscription, on `scheduler`.
  public func delaySubscription(
    _ dueTime: RxTimeInterval,
    scheduler: any SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Fails with ``RxError/timeout`` if there is no outcome within `dueTime`.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
  }

  /// Continues with `other` if there is no outcome within `dueTime`.
  public func timeout(
    _ dueTime: RxTimeInterval,
    other: PrimitiveSequence<Trait, Element>,
    scheduler: any SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
  }
}

extension Infallible {
  /// Delivers the events on `scheduler`.
  public func observe(on scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
    Infallible(raw: source.observe(on: scheduler))
  }

  /// Subscribes on `scheduler`.
  public func subscribe(on scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
    Infallible(raw: source.subscribe(on: scheduler))
  }
}
