extension ObservableType {
  /// Resubscribes to `self` after an error when the trigger sequence that `notificationHandler` makes from the
  /// errors emits an element.
  ///
  /// `notificationHandler` is called once per subscription with the sequence of errors (those of type `Error`;
  /// any other error is forwarded at once). The trigger is subscribed before `self`. It is heard only while an
  /// error waits for it, as in RxSwift: its element resubscribes, its completion completes the result and its error
  /// fails it. A trigger that terminates while `self` runs ends the result at `self`'s next error (if `self`
  /// completes first, so does the result); its elements while `self` runs are ignored.
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
  /// Whether an error of the source waits for the trigger, and the trigger's stop event if it stopped while none
  /// did (it then ends the result at the next error).
  private let triggerState = LockedState<(errorWaits: Bool, stopped: Event<Void>?)>((false, nil))

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
      guard let error = error as? TriggerError else {
        forwardError(error)
        return
      }
      let stopped = triggerState.withLock { state -> Event<Void>? in
        state.errorWaits = state.stopped == nil
        return state.stopped
      }
      if let stopped {
        forwardTriggerStop(stopped)
      } else {
        errors.on(.next(error))
      }
    }
  }

  /// An event of the trigger: acted on only while an error waits for it; a stop event is kept for the next error.
  func trigger(_ event: Event<Void>) {
    let act = triggerState.withLock { state -> Bool in
      guard state.errorWaits else {
        if !event.isStopEvent { return false }
        state.stopped = event
        return false
      }
      state.errorWaits = false
      return true
    }
    guard act else { return }
    switch event {
    case .next: resubscribe()
    case .error, .completed: forwardTriggerStop(event)
    }
  }

  private func forwardTriggerStop(_ event: Event<Void>) {
    if case .error(let error) = event { forwardError(error) } else { forwardCompleted() }
  }

  override func disposeResources() {
    trigger.dispose()
    current.dispose()
  }
}

/// Receives the trigger sequence of `retry(when:)`.
struct RetryWhenTriggerObserver<Observer: ObserverType, TriggerError: Swift.Error>: ObserverType {
  let sink: RetryWhenSink<Observer, TriggerError>

  func on(_ event: Event<Void>) { sink.trigger(event) }
}
