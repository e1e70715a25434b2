extension ObservableType {
  /// Resubscribes to the source every time it fails, forever.
  ///
  /// Resubscription after a synchronous error is done in a loop (no stack growth); a source that always fails
  /// synchronously therefore loops until disposed from another thread or until an operator below stops (`take`).
  @inlinable
  public func retry() -> Observable<Element> {
    retryObservable(asObservable(), maxAttempts: nil)
  }

  /// Subscribes to the source at most `maxAttempts` times: on failure it resubscribes, and the error of the
  /// last attempt is forwarded.
  ///
  /// `retry(0)` completes at once without subscribing (as RxSwift's does); `retry(1)` is the source itself.
  ///
  /// - Precondition: `maxAttempts >= 0`.
  @inlinable
  public func retry(_ maxAttempts: Int) -> Observable<Element> {
    requireArgument(maxAttempts >= 0, "retry(_:): maxAttempts must be >= 0, got \(maxAttempts)")
    if maxAttempts == 0 { return Observable.empty() }
    return retryObservable(asObservable(), maxAttempts: maxAttempts)
  }
}

/// The observable of `retry(_:)` (`maxAttempts`) and `retry()` (`nil`).
@inlinable
func retryObservable<Element>(_ source: Observable<Element>, maxAttempts: Int?) -> Observable<Element> {
  // The event step is built here so that the client specialises it (see `EventStep`).
  SequentialSourcesObservable(RetryStateMachine(source: source, maxAttempts: maxAttempts), operatorName: "retry(_:)") {
    passThroughStep($0)
  }
}

/// The decisions of `retry`: the source again after each failure, until `maxAttempts` subscriptions have failed.
@usableFromInline
struct RetryStateMachine<Element>: SequentialSourcesStateMachine {
  let source: Observable<Element>
  /// The number of subscriptions allowed; `nil` for no limit.
  let maxAttempts: Int?
  /// The subscriptions decided so far (not counted, so never overflowing, without a limit).
  private(set) var attempts = 1

  @usableFromInline
  init(source: Observable<Element>, maxAttempts: Int?) {
    self.source = source
    self.maxAttempts = maxAttempts
  }

  @usableFromInline mutating func start() -> SequentialSourcesAction<Element> { .subscribe(source) }

  @usableFromInline mutating func failed(_ error: any Swift.Error) -> SequentialSourcesAction<Element> {
    guard let maxAttempts else { return .subscribe(source) }
    guard attempts < maxAttempts else { return .fail(error) }
    attempts += 1
    return .subscribe(source)
  }

  @usableFromInline mutating func completed() -> SequentialSourcesAction<Element> { .complete }
}
