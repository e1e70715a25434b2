import Ferry

// New store → legacy view controller: the store's state and effects as Driver / Signal, and an observer to bind
// commands to. They emit synchronously from each commit, in order — not through Observation, which coalesces
// changes and delivers them later.

extension Store {
  /// The state as a `Driver`: the current state on subscription, then one element per committed state, emitted
  /// synchronously from the commit (on the main thread). A state that ``StoreFeature/isUnchanged(_:_:)`` finds
  /// unchanged is not committed, so it emits nothing.
  ///
  /// ```swift
  /// store.stateDriver.map(\.title).drive(titleLabel.rx.text).disposed(by: disposeBag)
  /// ```
  ///
  /// Inlinable (with ``driver(_:)``) so that the Driver's stages are specialised in the client for its state type:
  /// built in this module's generic code they look up generic metadata on every element.
  @inlinable
  public var stateDriver: Driver<Feature.State> { committedStates.asDriver() }

  /// One key path of the state as a `Driver` of distinct values: a legacy binding such as
  /// `state.map(\.loginId).distinctUntilChanged().bind(to: …)` in one call.
  ///
  /// A key path to a stored property (`\.title`, `\.form.loginId`) is read at its offset in the state; reading
  /// through the key path instead runs the standard library's generic projection, which instantiates generic
  /// metadata on every call (about 390 instructions per commit, callgrind). Other key paths (computed properties,
  /// subscripts) are read through the key path.
  @inlinable
  public func driver<Value: Equatable & Sendable>(_ keyPath: KeyPath<Feature.State, Value>) -> Driver<Value> {
    if let offset = MemoryLayout<Feature.State>.offset(of: keyPath) {
      // `offset(of:)` is non-nil only when the key path names storage of `State`, laid out for `Value` there.
      return stateDriver.map { state in
        withUnsafeBytes(of: state) { $0.load(fromByteOffset: offset, as: Value.self) }
      }.distinctUntilChanged()
    }
    nonisolated(unsafe) let keyPath = keyPath  // immutable; key paths are not yet Sendable
    return stateDriver.map { $0[keyPath: keyPath] }.distinctUntilChanged()
  }

  /// The effects as a `Signal`: each effect, synchronously from its emission, to the subscribers of that moment.
  public var effectSignal: Signal<Feature.Effect> { effects.asSignal(onErrorSignalWith: .empty()) }

  /// An observer that sends each element to the store as a command, RxCocoa style:
  /// `loginButton.rx.tap.map { .logIn }.bind(to: store.commandObserver)`.
  ///
  /// On the main thread the command is handled before `onNext` returns; from another thread it is handed to the
  /// main actor. Errors and completion are ignored (a binding's end does not end the store). The observer does not
  /// keep the store alive.
  public var commandObserver: AnyObserver<Feature.Command> {
    AnyObserver { [weak self] event in
      guard case .next(let command) = event else { return }
      self?.sendFromAnyThread(command)
    }
  }

  /// Handles `command` now on the main thread; hands it to the main actor from any other.
  nonisolated func sendFromAnyThread(_ command: Feature.Command) {
    if MainScheduler.isOnMainQueue {
      MainActor.assumeIsolated { send(command) }
    } else {
      Task { @MainActor in self.send(command) }
    }
  }

  /// The relay every commit is accepted into, created on first use (a store without Rx consumers pays nothing).
  ///
  /// Inlinable: the commit's accept closure is built here, in the client, specialised for the state type (see
  /// `acceptCommit`).
  @inlinable
  var committedStates: BehaviorRelay<Feature.State> {
    if let stateRelay { return stateRelay }
    let relay = BehaviorRelay(value: currentState)
    stateRelay = relay
    // The store owns the relay; the closure keeps nothing else.
    acceptCommit = { relay.accept($0) }
    return relay
  }
}
