extension ReplayRelay {
  /// The relay as a ``Driver`` (it never errors).
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
  }

  /// The relay as a ``Signal`` (it never errors).
  public func asSignal() -> Signal<Element> {
    Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Accepts every element into each of `relays`.
  @inlinable
  public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  @inlinable
  public func drive(_ relays: ReplayRelay<Element?>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Accepts every element into each of `relays`.
  @inlinable
  public func emit(to relays: ReplayRelay<Element>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  @inlinable
  public func emit(to relays: ReplayRelay<Element?>...) -> any Disposable {
    asObservable().bindToRelays(relays) { $0.accept($1) }
  }
}
