extension ObservableType {
  /// Resubscribes to `self` after an error when the trigger sequence that `notificationHandler` makes from the
  /// errors emits an element.
  ///
  /// `notificationHandler` is called once per subscription with the sequence of errors (those of type `Error`;
  /// any other error is forwarded at once). The trigger is subscribed before `self`. It is heard only while an
  /// error waits for it, as in RxSwift: its element resubscribes, its completion completes the result and its error
  /// fails it. A trigger that terminates while `self` runs ends the result at `self`'s next error (if `self`
  /// completes first, so does the result); its elements while `self` runs are ignored.
  @preconcurrency @inlinable
  public func retry<Trigger: ObservableType, Error: Swift.Error>(
    when notificationHandler: @escaping @Sendable (Observable<Error>) -> Trigger
  ) -> Observable<Element> {
    retryWhenObservable(asObservable(), notificationHandler)
  }

  /// ``retry(when:)`` for any error.
  @preconcurrency @inlinable
  public func retry<Trigger: ObservableType>(
    when notificationHandler: @escaping @Sendable (Observable<any Swift.Error>) -> Trigger
  ) -> Observable<Element> {
    retryWhenObservable(asObservable(), notificationHandler)
  }
}

/// `retry(when:)`: a ``RetryWhenStateMachine`` driven by ``OperatorStorage``, built where the element types are
/// concrete. Per subscription: the sequence of errors, the trigger the notification handler makes of it (subscribed
/// first, disposed with the subscription) and the source, subscribed (again) by
/// ``retryWhenSubscribe(_:_:_:host:disposing:)``.
@inlinable
func retryWhenObservable<Element, TriggerError: Swift.Error, Trigger: ObservableType>(
  _ source: Observable<Element>, _ notificationHandler: @escaping @Sendable (Observable<TriggerError>) -> Trigger
) -> Observable<Element> {
  OperatorObservable { host in
    let triggerSubscription = SingleAssignmentDisposable()
    let storage = OperatorStorage(RetryWhenStateMachine<Element>(), downstream: host, resources: triggerSubscription)
    host.attach(storage)
    let errors = PublishSubject<TriggerError>()
    let observer = CoreSourceObserver<Element>(host: host) { event in
      switch event {
      case .next(let element): storage.deliver { $0.sourceNext(element) }
      case .error(let error):
        let retryable = error as? TriggerError
        guard case .notify = storage.withLockOnce({ $0.sourceFailed(error, retryable: retryable != nil) }),
          let retryable
        else { return }
        errors.on(.next(retryable))
      case .completed: _ = storage.withLockOnce { $0.sourceCompleted() }
      }
    }
    triggerSubscription.setDisposable(
      notificationHandler(errors.asObservable()).subscribe(
        CoreSourceObserver<Trigger.Element>(host: host) { event in
          switch event {
          case .next:
            guard case .subscribe(let failed)? = storage.withLockDeliveringNothing({ $0.triggerNext() }) else {
              return
            }
            retryWhenSubscribe(storage, source, observer, host: host, disposing: failed)
          case .error(let error): _ = storage.withLockOnce { $0.triggerFailed(error) }
          case .completed: _ = storage.withLockOnce { $0.triggerCompleted() }
          }
        }))
    retryWhenSubscribe(storage, source, observer, host: host, disposing: nil)
  }
}

/// The subscription loop of `retry(when:)`, run by the thread the machine lets subscribe: disposes the failed
/// subscription, subscribes to `source`, and goes on while the trigger asked for another subscription meanwhile (the
/// source failed inside `subscribe` and the trigger answered at once), so that synchronous retries do not grow the
/// stack.
@inlinable
func retryWhenSubscribe<Element>(
  _ storage: OperatorStorage<RetryWhenStateMachine<Element>>, _ source: Observable<Element>,
  _ observer: CoreSourceObserver<Element>, host: any CoreSubscription<Element>,
  disposing failed: (any Disposable)?
) {
  var failed = failed
  while true {
    // The failed source's subscription is released before the next is made, as `retry`'s is.
    failed?.dispose()
    failed = nil
    var subscription: (any Disposable)? = source.subscribe(observer)
    let action = storage.withLockDeliveringNothing { $0.subscribed(&subscription) }
    // Not kept: the result stopped, or the subscription was disposed, meanwhile.
    subscription?.dispose()
    guard case .subscribe(let next)? = action else { return }
    failed = next
    // An operator below may have stopped inside `subscribe` (`take(1)` of a source that emits and then fails); its
    // disposal cannot reach this subscription before `subscribe` returns, so the loop asks, or a source and a trigger
    // that always answer synchronously would resubscribe forever.
    if host.isDownstreamDisposed {
      failed?.dispose()
      return
    }
  }
}
