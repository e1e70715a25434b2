/// Resubscribes to `source` after an error, at most `maxAttemptCount` subscriptions in all (`nil`: no limit).
final class TraitRetryObservable<Element>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let maxAttemptCount: Int?

  init(source: Observable<Element>, maxAttemptCount: Int?) {
    self.source = source
    self.maxAttemptCount = maxAttemptCount
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TraitRetrySink(observer: observer, source: source, maxAttemptCount: maxAttemptCount)
    sink.resubscribe()
    return sink
  }
}

final class TraitRetrySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: the counters live in `state` (a `LockedState`); `current` is a `SerialDisposable`
  // (its own lock); `source` and `maxAttemptCount` are immutable.
  struct State {
    /// Subscriptions requested and not yet made; the caller that raises it from 0 runs the loop.
    var pending = 0
    /// Errors received so far.
    var failures = 0
  }

  let source: Observable<Observer.Element>
  let maxAttemptCount: Int?
  let state = LockedState(State())
  let current = SerialDisposable()

  init(observer: Observer, source: Observable<Observer.Element>, maxAttemptCount: Int?) {
    self.source = source
    self.maxAttemptCount = maxAttemptCount
    super.init(observer: observer)
  }

  /// Subscribes to `source` again. Re-entrant calls (a synchronous error during `subscribe`) are queued and run
  /// by the outer loop, so the stack does not grow with the number of attempts.
  func resubscribe() {
    let runsLoop = state.withLock { state in
      state.pending += 1
      return state.pending == 1
    }
    guard runsLoop else { return }
    repeat {
      if isDisposed { return }
      current.disposable = source.subscribe(self)
    } while state.withLock { state in
      state.pending -= 1
      return state.pending > 0
    }
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .completed: forwardCompleted()
    case .error(let error):
      let retries = state.withLock { state in
        state.failures += 1
        guard let maxAttemptCount else { return true }
        return state.failures < maxAttemptCount
      }
      if retries && !isDisposed {
        resubscribe()
      } else {
        forwardError(error)
      }
    }
  }

  override func disposeResources() { current.dispose() }
}
