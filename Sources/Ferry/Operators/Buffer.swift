extension ObservableType {
  /// Collects elements into arrays, emitting the current array every `timeSpan` or as soon as it holds `count`
  /// elements, whichever comes first (then the time span restarts). Arrays may be empty; the last array is
  /// emitted before completion and dropped on error.
  ///
  /// - Precondition: `timeSpan` is longer than zero (a zero time span would close an empty buffer after another
  ///   without time moving on) and `count > 0`.
  @inlinable
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) -> Observable<[Element]> {
    requireArgument(
      timeSpan.nanoseconds > 0, "buffer(timeSpan:count:scheduler:): timeSpan must be > 0, got \(timeSpan)")
    precondition(count > 0, "buffer(timeSpan:count:scheduler:): count must be > 0, got \(count)")
    return SerializingCoreObservable(
      run: BufferCore.makeRun(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler))
  }
}

/// The observer-independent half of a `buffer(timeSpan:count:scheduler:)` subscription: the current array behind the
/// lock of its ``SerializingCore``, and the timer that closes it. Its inlinable methods run specialised in the
/// client, called from the handlers ``makeRun(source:timeSpan:count:scheduler:)`` builds.
@usableFromInline
final class BufferCore<Element>: SerializingCore<Event<[Element]>, [Element]>, ClosableCore,
  @unchecked Sendable
{
  // @unchecked Sendable: `buffer`, `windowID` and `stopped` are guarded by `lock`; `timer` is a thread-safe
  // `SerialDisposable`; the rest is immutable.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  @usableFromInline @exclusivity(unchecked) final var buffer: [Element] = []
  /// Identifies the current buffer; a timer only closes the buffer it was started for.
  @usableFromInline @exclusivity(unchecked) final var windowID: UInt64 = 0
  /// A stop event was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let timer = SerialDisposable()
  @usableFromInline final let timeSpan: RxTimeInterval
  @usableFromInline final let count: Int
  @usableFromInline final let scheduler: any SchedulerType

  @usableFromInline
  init(
    downstream: any CoreDownstream<[Element]>, timeSpan: RxTimeInterval, count: Int,
    scheduler: any SchedulerType
  ) {
    self.timeSpan = timeSpan
    self.count = count
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  @inlinable
  static func makeRun(
    source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType
  ) -> @Sendable (any CoreSubscription<[Element]>) -> Void {
    { host in
      let core = BufferCore(downstream: host, timeSpan: timeSpan, count: count, scheduler: scheduler)
      host.attach(core)
      core.startTimer(windowID: 0)
      host.setUpstream(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            switch event {
            case .next(let element): core.onNext(element)
            case .error(let error): core.stop(error)
            case .completed: core.onCompleted()
            }
          }))
    }
  }

  /// An element joins the current array; a full array is emitted and the next one starts (with its time span).
  @inlinable
  final func onNext(_ element: Element) {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    buffer.append(element)
    guard buffer.count == count else {
      PlatformLock.unlock(lock)
      return
    }
    let newWindow = closeWindow()
    startTimer(windowID: newWindow)
  }

  /// Called under the lock, returns without it: emits the current array and starts the next one; returns its id.
  @inlinable
  final func closeWindow() -> UInt64 {
    var full: [Element] = []
    swap(&full, &buffer)
    windowID &+= 1
    let newWindow = windowID
    emit(.next(full))
    return newWindow
  }

  /// Starts the time span of buffer `windowID`. (Disposed meanwhile: `timer` is disposed too, and disposes what it
  /// is given.)
  @inlinable
  final func startTimer(windowID: UInt64) {
    timer.disposable = scheduler.scheduleTimer(windowID, after: timeSpan) { [self] windowID in
      fire(windowID)
      return Disposables.create()
    }
  }

  /// The time span of buffer `windowID` ended: emits it, unless it was already emitted full.
  @inlinable
  final func fire(_ windowID: UInt64) {
    PlatformLock.lock(lock)
    guard !closed && !stopped && self.windowID == windowID else {
      PlatformLock.unlock(lock)
      return
    }
    let newWindow = closeWindow()
    startTimer(windowID: newWindow)
  }

  /// The source completed: the current array is emitted, then the completion.
  @inlinable
  final func onCompleted() {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    var last: [Element] = []
    swap(&last, &buffer)
    emit(.next(last), then: .completed)
  }

  /// The source failed: the current array is dropped (after the lock).
  @inlinable
  final func stop(_ error: any Swift.Error) {
    var released: [Element] = []
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    swap(&released, &buffer)
    emit(.error(error))
    withExtendedLifetime(released) {}
  }

  /// Disposal: stops delivering, cancels the timer and releases the current array (outside the lock).
  @usableFromInline
  func close() {
    var released: [Element] = []
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &buffer)
    PlatformLock.unlock(lock)
    timer.dispose()
    withExtendedLifetime(released) {}
  }
}
