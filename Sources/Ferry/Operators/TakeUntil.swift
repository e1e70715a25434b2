extension ObservableType {
  /// Emits the source's elements until `other` emits an element, then completes.
  ///
  /// `other` is subscribed first; if it emits synchronously, the source is never subscribed. An error from
  /// `other` terminates the sequence with it; completion of `other` without an element changes nothing.
  @inlinable
  public func take<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    SerializingCoreObservable(run: TakeUntilCore.makeRun(source: asObservable(), other: other.asObservable()))
  }
}

/// The observer-independent half of a `take(until:)` subscription, behind the lock of its ``SerializingCore``. Its
/// inlinable methods run specialised in the client, called from the handlers ``makeRun(source:other:)`` builds.
///
/// `@unchecked Sendable`: `stopped` is guarded by `lock`; `otherSubscription` is itself thread-safe.
@usableFromInline
final class TakeUntilCore<Element>: SerializingCore<Event<Element>, Element>, SerializingCoreClosing,
  @unchecked Sendable
{
  /// A stop event was decided (`other` fired, or either sequence terminated): nothing more is queued.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
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
      let core = TakeUntilCore(downstream: host)
      host.attach(core)
      core.otherSubscription.setDisposable(other.subscribe(TaggedObserver<Other> { core.onOther($0) }))
      if !host.isDisposed {
        host.setUpstream(source.subscribe(CoreSourceObserver(host: host) { core.onSource($0) }))
      }
    }
  }

  /// An event of the source: forwarded until a stop event was decided.
  @inlinable
  final func onSource(_ event: Event<Element>) {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    if case .next = event {} else { stopped = true }
    emit(event, deliver: forward)
  }

  /// An event of `other`: its first element completes the result, its error terminates it, its completion only
  /// ends its subscription.
  @inlinable
  final func onOther<Other>(_ event: Event<Other>) {
    let stop: Event<Element>
    switch event {
    case .next: stop = .completed
    case .error(let error): stop = .error(error)
    case .completed:
      otherSubscription.dispose()
      return
    }
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    emit(stop, deliver: forward)
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
