extension ObservableType {
  /// Drops the source's elements until `other` emits an element, then emits every later element.
  ///
  /// `other` is subscribed first and disposed after its first element. An error from `other` terminates the
  /// sequence with it; completion of `other` without an element leaves the gate closed (the source's elements
  /// keep being dropped until it terminates).
  @inlinable
  public func skip<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    SerializingCoreObservable(run: SkipUntilCore.makeRun(source: asObservable(), other: other.asObservable()))
  }
}

/// The observer-independent half of a `skip(until:)` subscription, behind the lock of its ``SerializingCore``. Its
/// inlinable methods run specialised in the client, called from the handlers ``makeRun(source:other:)`` builds.
///
/// `@unchecked Sendable`: `open` and `stopped` are guarded by `lock`; `otherSubscription` is itself thread-safe.
@usableFromInline
final class SkipUntilCore<Element>: SerializingCore<Event<Element>, Element>, SerializingCoreClosing,
  @unchecked Sendable
{
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  /// `other` has emitted: the source's elements pass (the gate opens in the order the inputs arrive).
  @usableFromInline @exclusivity(unchecked) final var open = false
  /// A stop event was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let otherSubscription = SingleAssignmentDisposable()

  @usableFromInline
  override init(downstream: any SerializingDownstream<Element>) { super.init(downstream: downstream) }

  /// Subscribes `other` first, then — unless it already stopped the result — the source.
  @inlinable
  static func makeRun<Other>(
    source: Observable<Element>, other: Observable<Other>
  ) -> @Sendable (any SerializingCoreHost<Element>) -> Void {
    { host in
      let core = SkipUntilCore(downstream: host)
      host.attach(core)
      core.otherSubscription.setDisposable(other.subscribe(TaggedObserver<Other> { core.onOther($0) }))
      if !host.isDisposed {
        host.setUpstream(source.subscribe(CoreSourceObserver(host: host) { core.onSource($0) }))
      }
    }
  }

  /// An event of the source: elements pass once the gate is open; a stop event always does.
  @inlinable
  final func onSource(_ event: Event<Element>) {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    if case .next = event {
      guard open else {
        PlatformLock.unlock(lock)
        return
      }
    } else {
      stopped = true
    }
    emit(event, deliver: forward)
  }

  /// An event of `other`: its first element opens the gate and ends its subscription, its error terminates the
  /// result, its completion only ends its subscription.
  @inlinable
  final func onOther<Other>(_ event: Event<Other>) {
    switch event {
    case .next:
      PlatformLock.lock(lock)
      open = true
      PlatformLock.unlock(lock)
      otherSubscription.dispose()
    case .error(let error):
      PlatformLock.lock(lock)
      guard !closed && !stopped else {
        PlatformLock.unlock(lock)
        return
      }
      stopped = true
      emit(.error(error), deliver: forward)
    case .completed:
      otherSubscription.dispose()
    }
  }

  /// Disposal: stops delivering and disposes the subscription to `other`.
  @usableFromInline
  func close() {
    PlatformLock.lock(lock)
    closed = true
    PlatformLock.unlock(lock)
    otherSubscription.dispose()
  }
}
