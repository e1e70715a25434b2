import Foundation

extension ObservableType {
  /// Emits the first element, then at most one element per `dueTime`.
  ///
  /// With `latest: true` (the default) the latest element that arrived during the quiet period is emitted when
  /// it ends, and completion waits for it; with `latest: false` elements arriving during the quiet period are
  /// dropped. RxSwift 6 semantics; a `dueTime` of zero, as in RxSwift, lets every element through.
  ///
  /// - Precondition: `dueTime` is not negative.
  public func throttle(
    _ dueTime: RxTimeInterval,
    latest: Bool = true,
    scheduler: any SchedulerType
  ) -> Observable<Element> {
    precondition(dueTime.nanoseconds >= 0, "throttle(_:latest:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return ThrottleObservable(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
  }
}

final class ThrottleObservable<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let dueTime: RxTimeInterval
  let latest: Bool
  let scheduler: any SchedulerType

  init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: any SchedulerType) {
    self.source = source
    self.dueTime = dueTime
    self.latest = latest
    self.scheduler = scheduler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = ThrottleSink(observer: observer, parent: self)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

struct ThrottleState<Element> {
  var lastSentTime: Date?
  var lastUnsentElement: Element?
  var isCompleted = false
}

/// `@unchecked Sendable`: state is in `TimedSink`'s lock; `timer` is a thread-safe `SerialDisposable`.
final class ThrottleSink<Observer: ObserverType>: TimedSink<Observer, ThrottleState<Observer.Element>>, ObserverType,
  @unchecked Sendable
{
  let dueTime: TimeInterval
  let latest: Bool
  let scheduler: any SchedulerType
  let timer = SerialDisposable()

  init(observer: Observer, parent: ThrottleObservable<Observer.Element>) {
    self.dueTime = parent.dueTime.timeInterval
    self.latest = parent.latest
    self.scheduler = parent.scheduler
    super.init(observer: observer, state: ThrottleState())
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      let now = scheduler.now
      let latest = self.latest
      let dueTime = self.dueTime
      let wait = synchronized { state, outbox -> TimeInterval? in
        let elapsed = state.lastSentTime.map { now.timeIntervalSince($0) } ?? dueTime
        if elapsed + timeTolerance >= dueTime {
          outbox.replace(&state.lastUnsentElement, with: nil)
          state.lastSentTime = now
          outbox.send(.next(element))
          return nil
        }
        guard latest else { return nil }
        let isTimerInFlight = state.lastUnsentElement != nil
        outbox.replace(&state.lastUnsentElement, with: element)
        return isTimerInFlight ? nil : dueTime - elapsed
      }
      if let wait, !isDisposed {
        timer.disposable = scheduler.scheduleTimer((), after: rxTimeInterval(seconds: wait)) {
          [self] _ in
          self.propagate()
          return Disposables.create()
        }
      }
    case .error(let error):
      synchronized { state, outbox in
        outbox.replace(&state.lastUnsentElement, with: nil)
        outbox.send(.error(error))
      }
    case .completed:
      synchronized { state, outbox in
        if state.lastUnsentElement != nil {
          state.isCompleted = true
        } else {
          outbox.send(.completed)
        }
      }
    }
  }

  private func propagate() {
    let now = scheduler.now
    synchronized { state, outbox in
      if let element = state.lastUnsentElement {
        state.lastUnsentElement = nil
        state.lastSentTime = now
        outbox.send(.next(element))
      }
      if state.isCompleted { outbox.send(.completed) }
    }
  }

  override func disposeResources() {
    timer.dispose()
    _ = withState { state in
      defer { state.lastUnsentElement = nil }
      return state.lastUnsentElement
    }
  }
}
