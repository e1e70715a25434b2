extension ObservableType {
  /// Resubscribes to `self` after an error when the trigger sequence that `notificationHandler` makes from the
  /// errors emits an element.
  ///
  /// `notificationHandler` is called once per subscription with the sequence of errors (those of type `Error`;
  /// any other error is forwarded at once). The trigger is subscribed before `self`; its element resubscribes,
  /// its completion completes the result and its error fails it.
  @preconcurrency
  public func retry<Trigger: ObservableType, Error: Swift.Error>(
    when notificationHandler: @escaping @Sendable (Observable<Error>) -> Trigger
  ) -> Observable<Element> {
    RetryWhenObservable(source: asObservable()) { errors in notificationHandler(errors).map { _ in () } }
  }

  /// ``retry(when:)`` for any error.
  @preconcurrency
  public func retry<Trigger: ObservableType>(
    when notificationHandler: @escaping @Sendable (Observable<any Swift.Error>) -> Trigger
  ) -> Observable<Element> {
    RetryWhenObservable(source: asObservable()) { errors in notificationHandler(errors).map { _ in () } }
  }
}

final class RetryWhenObservable<Element, TriggerError: Swift.Error>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let makeTrigger: @Sendable (Observable<TriggerError>) -> Observable<Void>

  init(source: Observable<Element>, makeTrigger: @escaping @Sendable (Observable<TriggerError>) -> Observable<Void>) {
    self.source = source
    self.makeTrigger = makeTrigger
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = RetryWhenSink<Observer, TriggerError>(observer: observer, source: source)
    sink.trigger.setDisposable(makeTrigger(sink.errors.asObservable()).subscribe(RetryWhenTriggerObserver(sink: sink)))
    sink.resubscribe()
    return sink
  }
}

final class RetryWhenSink<Observer: ObserverType, TriggerError: Swift.Error>: Sink<Observer>, ObserverType,
  @unchecked Sendable
{
  // @unchecked Sendable: `pending` is a `LockedState`; `current`, `trigger` and `errors` guard themselves; `source` is
  // immutable.
  let source: Observable<Observer.Element>
  let errors = PublishSubject<TriggerError>()
  let current = SerialDisposable()
  let trigger = SingleAssignmentDisposable()
  /// Subscriptions requested and not yet made; the caller that raises it from 0 runs the loop.
  private let pending = LockedState(0)

  init(observer: Observer, source: Observable<Observer.Element>) {
    self.source = source
    super.init(observer: observer)
  }

  /// Subscribes to `source` again. Re-entrant calls (a trigger firing while a subscription is being made) are
  /// queued and run by the outer loop, so the stack does not grow with the number of attempts.
  func resubscribe() {
    let runsLoop = pending.withLock { count in
      count += 1
      return count == 1
    }
    guard runsLoop else { return }
    repeat {
      if isDisposed { return }
      current.disposable = source.subscribe(self)
    } while pending.withLock { count in
      count -= 1
      return count > 0
    }
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .completed: forwardCompleted()
    case .error(let error):
      if let error = error as? TriggerError {
        errors.on(.next(error))
      } else {
        forwardError(error)
      }
    }
  }

  override func disposeResources() {
    trigger.dispose()
    current.dispose()
  }
}

/// Receives the trigger sequence of `retry(when:)`.
struct RetryWhenTriggerObserver<Observer: ObserverType, TriggerError: Swift.Error>: ObserverType {
  let sink: RetryWhenSink<Observer, TriggerError>

  func on(_ event: Event<Void>) {
    switch event {
    case .next: sink.resubscribe()
    case .error(let error): sink.forwardError(error)
    case .completed: sink.forwardCompleted()
    }
  }
}
