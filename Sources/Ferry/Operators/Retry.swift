extension ObservableType {
  /// Resubscribes to the source every time it fails, forever.
  ///
  /// Resubscription after a synchronous error is done in a loop (no stack growth); a source that always fails
  /// synchronously therefore loops until disposed from another thread.
  public func retry() -> Observable<Element> {
    RetryObservable(source: asObservable(), maxAttempts: nil)
  }

  /// Subscribes to the source at most `maxAttempts` times: on failure it resubscribes, and the error of the
  /// last attempt is forwarded.
  ///
  /// `retry(0)` completes at once without subscribing (as RxSwift's does); `retry(1)` is the source itself.
  ///
  /// - Precondition: `maxAttempts >= 0`.
  public func retry(_ maxAttempts: Int) -> Observable<Element> {
    requireArgument(maxAttempts >= 0, "retry(_:): maxAttempts must be >= 0, got \(maxAttempts)")
    if maxAttempts == 0 { return Observable.empty() }
    return RetryObservable(source: asObservable(), maxAttempts: maxAttempts)
  }
}

final class RetryObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let maxAttempts: Int?

  init(source: Observable<Element>, maxAttempts: Int?) {
    self.source = source
    self.maxAttempts = maxAttempts
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = RetrySink(observer: observer, source: source, maxAttempts: maxAttempts)
    sink.subscribeLoop()
    return sink
  }
}

final class RetrySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: the attempt bookkeeping is in `state` (a `LockedState`); `current` is a thread-safe
  // `SerialDisposable`; the rest is immutable.
  private struct State {
    var subscribing = false
    var resubscribeRequested = false
    var attempts = 0
  }

  let source: Observable<Observer.Element>
  let maxAttempts: Int?
  private let state = LockedState(State())
  let current = SerialDisposable()

  init(observer: Observer, source: Observable<Observer.Element>, maxAttempts: Int?) {
    self.source = source
    self.maxAttempts = maxAttempts
    super.init(observer: observer)
  }

  /// Subscribes to the source; a failure during `subscribe` asks the loop to go round again instead of
  /// recursing.
  func subscribeLoop() {
    let start: Bool = state.withLock { state in
      if state.subscribing {
        state.resubscribeRequested = true
        return false
      }
      state.subscribing = true
      return true
    }
    guard start else { return }
    while true {
      if isDisposed { return }
      state.withLock { $0.attempts += 1 }
      current.disposable = source.subscribe(self)
      let again: Bool = state.withLock { state in
        if state.resubscribeRequested {
          state.resubscribeRequested = false
          return true
        }
        state.subscribing = false
        return false
      }
      if !again { return }
    }
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .completed: forwardCompleted()
    case .error(let error):
      guard !isDisposed else { return }
      let attempts = state.withLock { $0.attempts }
      if let maxAttempts, attempts >= maxAttempts {
        forwardError(error)
      } else {
        subscribeLoop()
      }
    }
  }

  override func disposeResources() { current.dispose() }
}
