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
  public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  public func drive(_ relays: ReplayRelay<Element?>...) -> any Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Accepts every element into each of `relays`.
  public func emit(to relays: ReplayRelay<Element>...) -> any Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Accepts every element, wrapped in an optional, into each of `relays`.
  public func emit(to relays: ReplayRelay<Element?>...) -> any Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }
}
