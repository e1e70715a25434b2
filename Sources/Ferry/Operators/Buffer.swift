extension ObservableType {
  /// Collects elements into arrays, emitting the current array every `timeSpan` or as soon as it holds `count`
  /// elements, whichever comes first (then the time span restarts). Arrays may be empty; the last array is
  /// emitted before completion and dropped on error.
  ///
  /// - Precondition: `timeSpan` is longer than zero (a zero time span would close an empty buffer after another
  ///   without time moving on) and `count > 0`.
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) -> Observable<[Element]> {
    precondition(
      timeSpan.nanoseconds > 0, "buffer(timeSpan:count:scheduler:): timeSpan must be > 0, got \(timeSpan)")
    precondition(count > 0, "buffer(timeSpan:count:scheduler:): count must be > 0, got \(count)")
    return BufferTimeCountObservable(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
  }
}

final class BufferTimeCountObservable<Element>: Observable<[Element]>, @unchecked Sendable {
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
  where Observer.Element == [Element] {
    let sink = BufferTimeCountSink(observer: observer, parent: self)
    sink.startTimer(windowID: 0)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

struct BufferState<Element> {
  var buffer: [Element] = []
  /// Identifies the current buffer; a timer only closes the buffer it was started for.
  var windowID: UInt64 = 0
}

/// `@unchecked Sendable`: state is in `TimedSink`'s lock; `timer` is a thread-safe `SerialDisposable`.
final class BufferTimeCountSink<Element, Observer: ObserverType>: TimedSink<Observer, BufferState<Element>>,
  ObserverType, @unchecked Sendable
where Observer.Element == [Element] {
  let parent: BufferTimeCountObservable<Element>
  let timer = SerialDisposable()

  init(observer: Observer, parent: BufferTimeCountObservable<Element>) {
    self.parent = parent
    super.init(observer: observer, state: BufferState())
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let count = parent.count
      let newWindow = synchronized { state, outbox -> UInt64? in
        state.buffer.append(element)
        guard state.buffer.count == count else { return nil }
        return Self.closeWindow(&state, &outbox)
      }
      if let newWindow { startTimer(windowID: newWindow) }
    case .error(let error):
      synchronized { state, outbox in
        state.buffer = []
        outbox.send(.error(error))
      }
    case .completed:
      synchronized { state, outbox in
        outbox.send(.next(state.buffer))
        state.buffer = []
        outbox.send(.completed)
      }
    }
  }

  private static func closeWindow(_ state: inout BufferState<Element>, _ outbox: inout Outbox) -> UInt64 {
    outbox.send(.next(state.buffer))
    state.buffer = []
    state.windowID &+= 1
    return state.windowID
  }

  func startTimer(windowID: UInt64) {
    guard !isDisposed else { return }
    timer.disposable = parent.scheduler.scheduleTimer(windowID, after: parent.timeSpan) { [self] windowID in
      self.fire(windowID)
      return Disposables.create()
    }
  }

  private func fire(_ windowID: UInt64) {
    let newWindow = synchronized { state, outbox -> UInt64? in
      guard state.windowID == windowID else { return nil }
      return Self.closeWindow(&state, &outbox)
    }
    if let newWindow { startTimer(windowID: newWindow) }
  }

  override func disposeResources() {
    timer.dispose()
    _ = withState { state in
      defer { state.buffer = [] }
      return state.buffer
    }
  }
}
