extension ObservableType {
  /// Delivers every event on `scheduler`, one at a time and in order.
  ///
  /// Events are queued and delivered by one scheduled action at a time, so the observer is never re-entered
  /// even on a concurrent scheduler. Disposing the subscription stops pending deliveries at once (when done on
  /// the delivering thread) and drops the queue. With `MainScheduler.instance`, an event sent on the main thread
  /// while nothing is queued is delivered synchronously, without scheduling or allocating.
  public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    ObserveOnObservable(source: asObservable(), scheduler: scheduler)
  }

  /// The RxSwift 5 name of ``observe(on:)``.
  @available(*, deprecated, renamed: "observe(on:)")
  public func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    observe(on: scheduler)
  }
}

extension Observable {
  /// Delivers events synchronously when they arrive on the main queue and hops to the main queue otherwise,
  /// preserving order. Used by `drive`/`emit` so that their `@MainActor` handlers never run off the main actor,
  /// even for elements emitted on a background thread at subscription time (`startWith`) or by a mocked
  /// sharing scheduler.
  func ensuringMainQueue() -> Observable<Element> {
    ObserveOnObservable(source: self, scheduler: MainScheduler.instance, alwaysInlineOnMainQueue: true)
  }
}

/// When an `observe(on:)` sink may deliver on the calling thread instead of scheduling.
enum ObserveOnInlining {
  /// Never: always schedule.
  case never
  /// `MainScheduler.instance` semantics: on the main queue, unless another main-scheduler action is running.
  case mainScheduler(MainScheduler)
  /// Whenever on the main queue.
  case mainQueue
}

final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let scheduler: any ImmediateSchedulerType
  let inlining: ObserveOnInlining

  init(source: Observable<Element>, scheduler: any ImmediateSchedulerType, alwaysInlineOnMainQueue: Bool = false) {
    self.source = source
    self.scheduler = scheduler
    if alwaysInlineOnMainQueue {
      inlining = .mainQueue
    } else if let main = scheduler as? MainScheduler {
      inlining = .mainScheduler(main)
    } else {
      inlining = .never
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = ObserveOnSink(observer: observer, scheduler: scheduler, inlining: inlining)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

/// Queues upstream events and delivers them on the scheduler.
///
/// `@unchecked Sendable`: the queue, the `running` flag and the pending scheduled action are in `state` (a
/// `LockedState`). Exactly one party — the thread that set `running` — delivers at a time; it drains the queue
/// and clears `running` under the lock when it finds the queue empty.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  typealias Element = Observer.Element

  struct State {
    var queue: [Event<Element>] = []
    var head = 0
    var running = false
    var disposed = false
    var scheduled: (any Disposable)?

    mutating func popFirst() -> Event<Element>? {
      guard head < queue.count else { return nil }
      let event = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return event
    }
  }

  enum Action {
    case none
    case tryImmediately
    case schedule
  }

  let scheduler: any ImmediateSchedulerType
  let inlining: ObserveOnInlining
  let state = LockedState(State())

  init(observer: Observer, scheduler: any ImmediateSchedulerType, inlining: ObserveOnInlining) {
    self.scheduler = scheduler
    self.inlining = inlining
    super.init(observer: observer)
  }

  /// Runs `body` on the calling thread if the inlining policy allows it now.
  @inline(__always)
  private func runInline(_ body: () -> Void) -> Bool {
    switch inlining {
    case .never:
      return false
    case .mainScheduler(let main):
      return main.runImmediatelyIfPossible(body)
    case .mainQueue:
      guard MainScheduler.isOnMainQueue else { return false }
      body()
      return true
    }
  }

  func on(_ event: Event<Element>) {
    let fastPath: Bool
    if case .never = inlining { fastPath = false } else { fastPath = true }
    let action: Action = state.withLock { state in
      if state.disposed { return .none }
      if state.running {
        state.queue.append(event)
        return .none
      }
      state.running = true
      if fastPath { return .tryImmediately }
      state.queue.append(event)
      return .schedule
    }
    switch action {
    case .none:
      return
    case .tryImmediately:
      let ran = runInline {
        forward(event)
        drain()
      }
      if ran { return }
      // Not on the main thread (or a main-thread action is pending): queue in front of anything that arrived
      // meanwhile and hop.
      let proceed: Bool = state.withLock { state in
        if state.disposed { return false }
        if state.head > 0 {
          state.head -= 1
          state.queue[state.head] = event
        } else {
          state.queue.insert(event, at: 0)
        }
        return true
      }
      if proceed { scheduleDrain() }
    case .schedule:
      scheduleDrain()
    }
  }

  private func scheduleDrain() {
    let scheduled = scheduler.schedule(self) { sink in
      sink.drain()
      return Disposables.create()
    }
    let rejected: Bool = state.withLock { state in
      if state.disposed { return true }
      if state.running { state.scheduled = scheduled }
      return false
    }
    if rejected { scheduled.dispose() }
  }

  /// Delivers queued events until the queue is empty, then gives up the `running` role.
  func drain() {
    while true {
      let next: Event<Element>? = state.withLock { state in
        if state.disposed { return nil }
        if let event = state.popFirst() { return event }
        state.running = false
        state.scheduled = nil
        return nil
      }
      guard let next else { return }
      forward(next)
    }
  }

  override func disposeResources() {
    let (queue, scheduled): ([Event<Element>], (any Disposable)?) = state.withLock { state in
      state.disposed = true
      defer {
        state.queue = []
        state.head = 0
        state.scheduled = nil
      }
      return (state.queue, state.scheduled)
    }
    scheduled?.dispose()
    // Queued elements are released here, outside the lock.
    _ = queue
  }
}
