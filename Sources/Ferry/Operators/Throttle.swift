import Foundation

extension ObservableType {
  /// Emits the first element, then at most one element per `dueTime`.
  ///
  /// With `latest: true` (the default) the latest element that arrived during the quiet period is emitted when
  /// it ends, and completion waits for it; with `latest: false` elements arriving during the quiet period are
  /// dropped. RxSwift 6 semantics; a `dueTime` of zero, as in RxSwift, lets every element through.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func throttle(
    _ dueTime: RxTimeInterval,
    latest: Bool = true,
    scheduler: any SchedulerType
  ) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "throttle(_:latest:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return SerializingCoreObservable(
      run: ThrottleCore.makeRun(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler))
  }
}

/// The observer-independent half of a `throttle` subscription: when the last element went out and the latest one
/// held back, behind the lock of its ``SerializingCore``, and the timer that ends the quiet period. Its inlinable
/// methods run specialised in the client, called from the handlers ``makeRun(source:dueTime:latest:scheduler:)``
/// builds.
///
/// `@unchecked Sendable`: `lastSentTime`, `lastUnsent`, `isCompleted` and `stopped` are guarded by `lock`; `timer` is
/// a thread-safe `SerialDisposable`; the rest is immutable.
@usableFromInline
final class ThrottleCore<Element>: SerializingCore<Event<Element>, Element>, SerializingCoreClosing,
  @unchecked Sendable
{
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  @usableFromInline @exclusivity(unchecked) final var lastSentTime: Date?
  /// The latest element of the quiet period (`latest: true`), emitted when it ends.
  @usableFromInline @exclusivity(unchecked) final var lastUnsent: Element?
  /// The source completed while an element was held back: the result completes after it.
  @usableFromInline @exclusivity(unchecked) final var isCompleted = false
  /// A stop event was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let timer = SerialDisposable()
  @usableFromInline final let dueTime: TimeInterval
  @usableFromInline final let latest: Bool
  @usableFromInline final let scheduler: any SchedulerType

  @usableFromInline
  init(
    downstream: any SerializingDownstream<Element>, dueTime: TimeInterval, latest: Bool, scheduler: any SchedulerType
  ) {
    self.dueTime = dueTime
    self.latest = latest
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  @inlinable
  static func makeRun(
    source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: any SchedulerType
  ) -> @Sendable (any SerializingCoreHost<Element>) -> Void {
    { host in
      let core = ThrottleCore(
        downstream: host, dueTime: dueTime.timeInterval, latest: latest, scheduler: scheduler)
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

  /// An element: emitted at once if the quiet period is over; otherwise held back (`latest`, replacing the one
  /// held before, released after the lock; the timer is started for the first) or dropped.
  @inlinable
  final func onNext(_ element: Element) {
    let now = scheduler.now
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    let elapsed = lastSentTime.map { now.timeIntervalSince($0) } ?? dueTime
    if elapsed + timeTolerance >= dueTime {
      // This element supersedes the held-back one (if any), released after the lock.
      var released: Element? = nil
      swap(&released, &lastUnsent)
      lastSentTime = now
      emit(.next(element), deliver: forward)
      withExtendedLifetime(released) {}
      return
    }
    guard latest else {
      PlatformLock.unlock(lock)
      return
    }
    let isTimerInFlight = lastUnsent != nil
    // Held back in place of the previous one, which is released after the lock.
    var released: Element? = element
    swap(&released, &lastUnsent)
    PlatformLock.unlock(lock)
    withExtendedLifetime(released) {}
    guard !isTimerInFlight else { return }
    // Disposed meanwhile: `timer` is disposed too, and disposes what it is given.
    timer.disposable = scheduler.scheduleTimer((), after: rxTimeInterval(seconds: dueTime - elapsed)) { [self] _ in
      propagate()
      return Disposables.create()
    }
  }

  /// The quiet period ended: emits the held-back element, then the completion if the source has completed.
  @inlinable
  final func propagate() {
    let now = scheduler.now
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    var element: Element? = nil
    swap(&element, &lastUnsent)
    if isCompleted { stopped = true }
    if let element {
      lastSentTime = now
      if isCompleted {
        emit(.next(element), then: .completed, deliver: forward)
      } else {
        emit(.next(element), deliver: forward)
      }
    } else if isCompleted {
      emit(.completed, deliver: forward)
    } else {
      PlatformLock.unlock(lock)
    }
  }

  /// The source completed: the result completes now, or after the held-back element.
  @inlinable
  final func onCompleted() {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    if lastUnsent != nil {
      isCompleted = true
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    emit(.completed, deliver: forward)
  }

  /// The source failed: the held-back element is dropped (after the lock).
  @inlinable
  final func stop(_ error: any Swift.Error) {
    var released: Element? = nil
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    swap(&released, &lastUnsent)
    emit(.error(error), deliver: forward)
    withExtendedLifetime(released) {}
  }

  /// Disposal: stops delivering, cancels the timer and releases the held-back element (outside the lock).
  @usableFromInline
  func close() {
    var released: Element? = nil
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &lastUnsent)
    PlatformLock.unlock(lock)
    timer.dispose()
    withExtendedLifetime(released) {}
  }
}
