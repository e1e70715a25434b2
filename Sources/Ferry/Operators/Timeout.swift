extension ObservableType {
  /// Fails with ``RxError/timeout`` if no element arrives within `dueTime` of the subscription or of the
  /// previous element.
  ///
  /// A `dueTime` of zero, as in RxSwift, times out as soon as the scheduler can run the timer: only elements
  /// (and the end) the source sends at once, while it is subscribed or while delivering an element, come first.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
    requireArgument(dueTime.nanoseconds >= 0, "timeout(_:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return SerializingCoreObservable(
      run: TimeoutCore.makeRun(
        source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler))
  }

  /// Switches to `other` if no element arrives within `dueTime` of the subscription or of the previous element.
  ///
  /// A `dueTime` of zero, as in RxSwift, switches as soon as the scheduler can run the timer.
  ///
  /// - Precondition: `dueTime` is not negative.
  @inlinable
  public func timeout<Source: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval,
    other: Source,
    scheduler: any SchedulerType
  ) -> Observable<Element> where Source.Element == Element {
    requireArgument(dueTime.nanoseconds >= 0, "timeout(_:other:scheduler:): dueTime must be >= 0, got \(dueTime)")
    return SerializingCoreObservable(
      run: TimeoutCore.makeRun(
        source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler))
  }
}

/// The observer-independent half of a `timeout` subscription: which timer is the latest and whether the result has
/// switched to `other`, behind the lock of its ``SerializingCore``. Its inlinable methods run specialised in the
/// client, called from the handlers ``makeRun(source:dueTime:other:scheduler:)`` builds.
@usableFromInline
final class TimeoutCore<Element>: SerializingCore<Event<Element>, Element>, ClosableCore,
  @unchecked Sendable
{
  // @unchecked Sendable: `id` and `hasSwitched` are guarded by `lock`; `timer` and `subscription` are thread-safe
  // `SerialDisposable`s; the rest is immutable.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  /// Identifies the latest timer; only the latest one may switch.
  @usableFromInline @exclusivity(unchecked) final var id: UInt64 = 0
  /// Whether the timer won and the result switched to `other` (or the source terminated).
  @usableFromInline @exclusivity(unchecked) final var hasSwitched = false
  @usableFromInline final let timer = SerialDisposable()
  /// The subscription to the source, then (after a timeout) to `other`.
  @usableFromInline final let subscription = SerialDisposable()
  @usableFromInline final let dueTime: RxTimeInterval
  @usableFromInline final let other: Observable<Element>
  @usableFromInline final let scheduler: any SchedulerType

  @usableFromInline
  init(
    downstream: any CoreDownstream<Element>, dueTime: RxTimeInterval, other: Observable<Element>,
    scheduler: any SchedulerType
  ) {
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
    super.init(downstream: downstream)
  }

  @inlinable
  static func makeRun(
    source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: any SchedulerType
  ) -> @Sendable (any CoreSubscription<Element>) -> Void {
    { host in
      let core = TimeoutCore(downstream: host, dueTime: dueTime, other: other, scheduler: scheduler)
      host.attach(core)
      // The holder of the source subscription is in place before the first timer can fire (on another thread),
      // so that a switch to `other` disposes the source subscription rather than being overwritten by it.
      let original = SingleAssignmentDisposable()
      core.subscription.disposable = original
      core.startTimer(id: 0)
      original.setDisposable(source.subscribe(CoreSourceObserver(host: host) { core.onSource($0) }))
    }
  }

  /// An event of the source, forwarded unless the timer won; an element restarts the timer.
  @inlinable
  final func onSource(_ event: Event<Element>) {
    PlatformLock.lock(lock)
    guard !closed && !hasSwitched else {
      PlatformLock.unlock(lock)
      return
    }
    guard case .next = event else {
      hasSwitched = true  // terminated: a late timer must not switch any more
      emit(event)
      return
    }
    id &+= 1
    let id = self.id
    emit(event)
    startTimer(id: id)
  }

  /// Starts timer `id`. (Disposed meanwhile: `timer` is disposed too, and disposes what it is given.)
  @inlinable
  final func startTimer(id: UInt64) {
    timer.disposable = scheduler.scheduleTimer(id, after: dueTime) { [self] id in
      fire(id)
      return Disposables.create()
    }
  }

  /// Timer `id` fired: if it is the latest and nothing ended the source, the result switches to `other`.
  @inlinable
  final func fire(_ id: UInt64) {
    PlatformLock.lock(lock)
    guard !closed && self.id == id && !hasSwitched else {
      PlatformLock.unlock(lock)
      return
    }
    hasSwitched = true
    PlatformLock.unlock(lock)
    subscription.disposable = other.subscribe(AnyObserver<Element> { [self] event in onOther(event) })
  }

  /// An event of `other` (after the switch).
  @inlinable
  final func onOther(_ event: Event<Element>) {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    emit(event)
  }

  /// Disposal: stops delivering and ends the timer and the current subscription.
  @usableFromInline
  func close() {
    PlatformLock.lock(lock)
    closed = true
    PlatformLock.unlock(lock)
    timer.dispose()
    subscription.dispose()
  }
}
