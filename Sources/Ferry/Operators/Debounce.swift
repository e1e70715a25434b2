extension ObservableType {
  /// Emits an element only after `dueTime` has passed without another element; a pending element is emitted
  /// before completion and dropped on error.
  ///
  /// A `dueTime` of zero, as in RxSwift, emits each element as soon as the scheduler can, unless another one
  /// arrives before that.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "debounce(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return SerializingCoreObservable(
      run: DebounceCore.makeRun(source: asObservable(), dueTime: dueTime, scheduler: scheduler))
  }
}

/// The observer-independent half of a `debounce` subscription: the pending element behind the lock of its
/// ``SerializingCore``, and the timer. Its inlinable methods run specialised in the client, called from the handlers
/// ``makeRun(source:dueTime:scheduler:)`` builds.
///
/// `@unchecked Sendable`: `id`, `pending` and `stopped` are guarded by `lock`; `timer` is a thread-safe
/// `SerialDisposable`; the rest is immutable.
@usableFromInline
final class DebounceCore<Element>: SerializingCore<Event<Element>, Element>, SerializingCoreClosing,
  @unchecked Sendable
{
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  /// Identifies the latest element; a timer only emits the element it was started for.
  @usableFromInline @exclusivity(unchecked) final var id: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) final var pending: Element?
  /// A stop event was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let timer = SerialDisposable()
  @usableFromInline final let dueTime: RxTimeInterval
  @usableFromInline final let scheduler: any SchedulerType

  @usableFromInline
  init(downstream: any SerializingDownstream<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
    self.dueTime = dueTime
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  @inlinable
  static func makeRun(
    source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType
  ) -> @Sendable (any SerializingCoreHost<Element>) -> Void {
    { host in
      let core = DebounceCore(downstream: host, dueTime: dueTime, scheduler: scheduler)
      host.attach(core)
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

  /// An element replaces the pending one (released after the lock) and restarts the timer.
  @inlinable
  final func onNext(_ element: Element) {
    var released: Element? = element
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    id &+= 1
    let id = self.id
    swap(&released, &pending)
    PlatformLock.unlock(lock)
    withExtendedLifetime(released) {}
    // Disposed meanwhile: `timer` is disposed too, and disposes what it is given.
    timer.disposable = scheduler.scheduleTimer(id, after: dueTime) { [self] id in
      fire(id)
      return Disposables.create()
    }
  }

  /// The timer of element `id` fired: emits it, unless a later element replaced it.
  @inlinable
  final func fire(_ id: UInt64) {
    PlatformLock.lock(lock)
    guard !closed && !stopped && self.id == id, pending != nil else {
      PlatformLock.unlock(lock)
      return
    }
    var element: Element? = nil
    swap(&element, &pending)
    emit(.next(element!), deliver: forward)
  }

  /// The source completed: the pending element is emitted before the completion.
  @inlinable
  final func onCompleted() {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    var element: Element? = nil
    swap(&element, &pending)
    if let element {
      emit(.next(element), then: .completed, deliver: forward)
    } else {
      emit(.completed, deliver: forward)
    }
  }

  /// The source failed: the pending element is dropped (after the lock).
  @inlinable
  final func stop(_ error: any Swift.Error) {
    var released: Element? = nil
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    swap(&released, &pending)
    emit(.error(error), deliver: forward)
    withExtendedLifetime(released) {}
  }

  /// Disposal: stops delivering, cancels the timer and releases the pending element (outside the lock).
  @usableFromInline
  func close() {
    var released: Element? = nil
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &pending)
    PlatformLock.unlock(lock)
    timer.dispose()
    withExtendedLifetime(released) {}
  }
}
