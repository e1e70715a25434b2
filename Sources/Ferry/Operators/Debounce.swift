extension ObservableType {
  /// Emits an element only after `dueTime` has passed without another element; a pending element is emitted
  /// before completion and dropped on error.
  ///
  /// A `dueTime` of zero, as in RxSwift, emits each element as soon as the scheduler can, unless another one
  /// arrives before that.
  ///
  /// - Precondition: `dueTime` is not negative.
  public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    precondition(dueTime.nanoseconds >= 0, "debounce(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return DebounceObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
  }
}

final class DebounceObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let scheduler: any SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.scheduler = scheduler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = DebounceSink(observer: observer, dueTime: dueTime, scheduler: scheduler)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

struct DebounceState<Element> {
  /// Identifies the latest element; a timer only emits the element it was started for.
  var id: UInt64 = 0
  var pending: Element?
}

/// `@unchecked Sendable`: state is in `TimedSink`'s lock; `timer` is a thread-safe `SerialDisposable`.
final class DebounceSink<Observer: ObserverType>: TimedSink<Observer, DebounceState<Observer.Element>>, ObserverType,
  @unchecked Sendable
{
  let dueTime: RxTimeInterval
  let scheduler: any SchedulerType
  let timer = SerialDisposable()

  init(observer: Observer, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
    self.dueTime = dueTime
    self.scheduler = scheduler
    super.init(observer: observer, state: DebounceState())
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      let id = synchronized { state, outbox -> UInt64 in
        state.id &+= 1
        outbox.replace(&state.pending, with: element)
        return state.id
      }
      guard !isDisposed else { return }
      timer.disposable = scheduler.scheduleTimer(id, after: dueTime) { [self] id in
        self.fire(id)
        return Disposables.create()
      }
    case .error(let error):
      synchronized { state, outbox in
        outbox.replace(&state.pending, with: nil)
        outbox.send(.error(error))
      }
    case .completed:
      synchronized { state, outbox in
        if let pending = state.pending {
          state.pending = nil
          outbox.send(.next(pending))
        }
        outbox.send(.completed)
      }
    }
  }

  private func fire(_ id: UInt64) {
    synchronized { state, outbox in
      guard state.id == id, let pending = state.pending else { return }
      state.pending = nil
      outbox.send(.next(pending))
    }
  }

  override func disposeResources() {
    timer.dispose()
    _ = withState { state in
      defer { state.pending = nil }
      return state.pending
    }
  }
}
