extension ObservableType {
  /// Splits the elements into windows (inner observables): a window is emitted at subscription, and the current
  /// one is completed and a new one emitted every `timeSpan` or as soon as it has received `count` elements,
  /// whichever comes first (then the time span restarts). An error or completion of the source terminates the
  /// current window and the outer sequence.
  ///
  /// Differs from RxSwift: disposing the outer subscription also ends the windows' supply of elements (RxSwift
  /// keeps the source subscribed while a window is still observed); the windows are not terminated then.
  ///
  /// - Precondition: `timeSpan` is longer than zero (a zero time span would open an empty window after another
  ///   without time moving on) and `count > 0`.
  public func window(
    timeSpan: RxTimeInterval,
    count: Int,
    scheduler: any SchedulerType
  ) -> Observable<Observable<Element>> {
    precondition(
      timeSpan.nanoseconds > 0, "window(timeSpan:count:scheduler:): timeSpan must be > 0, got \(timeSpan)")
    precondition(count > 0, "window(timeSpan:count:scheduler:): count must be > 0, got \(count)")
    return WindowTimeCountObservable(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
  }
}

final class WindowTimeCountObservable<Element>: Observable<Observable<Element>>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let timeSpan: RxTimeInterval
  let count: Int
  let scheduler: any SchedulerType

  init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) {
    self.source = source
    self.timeSpan = timeSpan
    self.count = count
    self.scheduler = scheduler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Observable<Element> {
    let sink = WindowTimeCountSink(observer: observer, parent: self)
    sink.run()
    return sink
  }
}

struct WindowState<Element> {
  var subject = PublishSubject<Element>()
  var count = 0
  /// Identifies the current window; a timer only closes the window it was started for.
  var windowID: UInt64 = 0
}

/// What the window sink delivers, in decision order: an event to a window, or an event downstream.
enum WindowItem<Element> {
  case window(PublishSubject<Element>, Event<Element>)
  case outer(Event<Observable<Element>>)
}

/// `@unchecked Sendable`: state is in `SerializingSink`'s lock; `timer` is a thread-safe `SerialDisposable`.
final class WindowTimeCountSink<Element, Observer: ObserverType>:
  SerializingSink<Observer, WindowState<Element>, WindowItem<Element>>, ObserverType, @unchecked Sendable
where Observer.Element == Observable<Element> {
  let parent: WindowTimeCountObservable<Element>
  let timer = SerialDisposable()

  init(observer: Observer, parent: WindowTimeCountObservable<Element>) {
    self.parent = parent
    super.init(observer: observer, state: WindowState())
  }

  func run() {
    synchronized { state, outbox in outbox.send(.outer(.next(state.subject.asObservable()))) }
    startTimer(windowID: 0)
    setUpstream(parent.source.subscribe(self))
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next:
      let count = parent.count
      let newWindow = synchronized { state, outbox -> UInt64? in
        outbox.send(.window(state.subject, event))
        state.count += 1
        guard state.count == count else { return nil }
        return Self.rotate(&state, &outbox)
      }
      if let newWindow { startTimer(windowID: newWindow) }
    case .error(let error):
      synchronized { state, outbox in
        outbox.send(.window(state.subject, event))
        outbox.send(.outer(.error(error)))
      }
    case .completed:
      synchronized { state, outbox in
        outbox.send(.window(state.subject, event))
        outbox.send(.outer(.completed))
      }
    }
  }

  /// Completes the current window and opens (and emits) the next one. Returns the new window's id.
  private static func rotate(_ state: inout WindowState<Element>, _ outbox: inout Outbox) -> UInt64 {
    outbox.send(.window(state.subject, .completed))
    state.subject = PublishSubject()
    state.count = 0
    state.windowID &+= 1
    outbox.send(.outer(.next(state.subject.asObservable())))
    return state.windowID
  }

  private func startTimer(windowID: UInt64) {
    guard !isDisposed else { return }
    timer.disposable = parent.scheduler.scheduleTimer(windowID, after: parent.timeSpan) { [self] windowID in
      self.fire(windowID)
      return Disposables.create()
    }
  }

  private func fire(_ windowID: UInt64) {
    let newWindow = synchronized { state, outbox -> UInt64? in
      guard state.windowID == windowID else { return nil }
      return Self.rotate(&state, &outbox)
    }
    if let newWindow { startTimer(windowID: newWindow) }
  }

  override func deliver(_ item: WindowItem<Element>) {
    switch item {
    case .window(let subject, let event): subject.on(event)
    case .outer(let event): forward(event)
    }
  }

  override func disposeResources() {
    timer.dispose()
  }
}
