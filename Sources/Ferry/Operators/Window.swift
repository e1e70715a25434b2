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
  @inlinable
  public func window(
    timeSpan: RxTimeInterval,
    count: Int,
    scheduler: any SchedulerType
  ) -> Observable<Observable<Element>> {
    requireArgument(
      timeSpan.nanoseconds > 0, "window(timeSpan:count:scheduler:): timeSpan must be > 0, got \(timeSpan)")
    requireArgument(count > 0, "window(timeSpan:count:scheduler:): count must be > 0, got \(count)")
    return SerializingCoreObservable(
      run: WindowCore.makeRun(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler))
  }
}

/// What the window core delivers, in decision order: an event to a window, or an event downstream.
@usableFromInline
enum WindowItem<Element> {
  case window(PublishSubject<Element>, Event<Element>)
  case outer(Event<Observable<Element>>)
}

/// The observer-independent half of a `window(timeSpan:count:scheduler:)` subscription: the current window behind
/// the lock of its ``SerializingCore``, and the timer that closes it. Its inlinable methods run specialised in the
/// client, called from the handlers ``makeRun(source:timeSpan:count:scheduler:)`` builds.
@usableFromInline
final class WindowCore<Element>: SerializingCore<WindowItem<Element>, Observable<Element>>, ClosableCore,
  @unchecked Sendable
{
  // @unchecked Sendable: `subject`, `count`, `windowID` and `stopped` are guarded by `lock`; `timer` is a thread-safe
  // `SerialDisposable`; the rest is immutable.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  /// The current window.
  @usableFromInline @exclusivity(unchecked) final var subject = PublishSubject<Element>()
  /// The elements the current window has received.
  @usableFromInline @exclusivity(unchecked) final var count = 0
  /// Identifies the current window; a timer only closes the window it was started for.
  @usableFromInline @exclusivity(unchecked) final var windowID: UInt64 = 0
  /// A stop event was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let timer = SerialDisposable()
  @usableFromInline final let timeSpan: RxTimeInterval
  @usableFromInline final let maxCount: Int
  @usableFromInline final let scheduler: any SchedulerType

  @usableFromInline
  init(
    downstream: any CoreDownstream<Observable<Element>>, timeSpan: RxTimeInterval, count: Int,
    scheduler: any SchedulerType
  ) {
    self.timeSpan = timeSpan
    self.maxCount = count
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  /// Emits the first window, starts its time span, then subscribes the source.
  @inlinable
  static func makeRun(
    source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType
  ) -> @Sendable (any CoreSubscription<Observable<Element>>) -> Void {
    { host in
      let core = WindowCore(downstream: host, timeSpan: timeSpan, count: count, scheduler: scheduler)
      host.attach(core)
      core.openFirst()
      core.startTimer(windowID: 0)
      host.setUpstream(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            switch event {
            case .next(let element): core.onNext(element)
            case .error, .completed: core.onStop(event)
            }
          }))
    }
  }

  /// Emits the first window (at subscription).
  @inlinable
  final func openFirst() {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    emit(.outer(.next(subject.asObservable()))) { deliver($0) }
  }

  /// An element goes to the current window; the `count`th one closes it and opens the next (with its time span).
  @inlinable
  final func onNext(_ element: Element) {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    count += 1
    guard count == maxCount else {
      emit(.window(subject, .next(element))) { deliver($0) }
      return
    }
    let (closing, opening, newWindow) = rotate()
    emit(.window(closing, .next(element)), then: .window(closing, .completed), .outer(.next(opening))) { deliver($0) }
    startTimer(windowID: newWindow)
  }

  /// Under the lock: replaces the current window with a new one; returns the closing window, the new one and its id.
  @inlinable
  final func rotate() -> (PublishSubject<Element>, Observable<Element>, UInt64) {
    let closing = subject
    subject = PublishSubject()
    count = 0
    windowID &+= 1
    return (closing, subject.asObservable(), windowID)
  }

  /// The source terminated: the current window and the result terminate the same way.
  @inlinable
  final func onStop(_ event: Event<Element>) {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    let outer: Event<Observable<Element>>
    if case .error(let error) = event { outer = .error(error) } else { outer = .completed }
    emit(.window(subject, event), then: .outer(outer)) { deliver($0) }
  }

  /// Starts the time span of window `windowID`. (Disposed meanwhile: `timer` is disposed too, and disposes what it
  /// is given.)
  @inlinable
  final func startTimer(windowID: UInt64) {
    timer.disposable = scheduler.scheduleTimer(windowID, after: timeSpan) { [self] windowID in
      fire(windowID)
      return Disposables.create()
    }
  }

  /// The time span of window `windowID` ended: closes it and opens the next, unless it was already closed full.
  @inlinable
  final func fire(_ windowID: UInt64) {
    PlatformLock.lock(lock)
    guard !closed && !stopped && self.windowID == windowID else {
      PlatformLock.unlock(lock)
      return
    }
    let (closing, opening, newWindow) = rotate()
    emit(.window(closing, .completed), then: .outer(.next(opening))) { deliver($0) }
    startTimer(windowID: newWindow)
  }

  /// Delivers one item (outside the lock, one at a time): to a window, or downstream.
  @inlinable
  final func deliver(_ item: WindowItem<Element>) {
    switch item {
    case .window(let subject, let event): subject.on(event)
    case .outer(let event):
      switch event {
      case .next: downstream.deliverNext(event)
      case .error(let error): downstream.deliverError(error)
      case .completed: downstream.deliverCompleted()
      }
    }
  }

  /// Disposal: stops delivering and cancels the timer (the windows are not terminated).
  @usableFromInline
  func close() {
    PlatformLock.lock(lock)
    closed = true
    PlatformLock.unlock(lock)
    timer.dispose()
  }
}
