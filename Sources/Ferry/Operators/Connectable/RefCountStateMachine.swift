/// The bookkeeping of one `refCount()` observable: how many subscribers the current connection has, the connection
/// itself, and which connection each subscriber was counted in.
///
/// Connections are numbered by `generation`, which moves on whenever a connection ends (its last subscriber left, or
/// the source terminated for one of them): a subscriber counted in an ended connection does not count down the next
/// one, and a connection made outside the lock for an ended generation is disposed instead of kept.
///
/// The machine never calls out and holds no lock: `RefCountObservable` keeps it in a `LockedState` and acts on the
/// returned ``Action`` after the lock (connects, disposes a connection), so a connection's `dispose()` and `deinit`,
/// which may run user code, never run under it.
struct RefCountStateMachine {
  /// Where one subscriber stands. Its sink stores it, so that subscribing allocates no slot elsewhere; only the
  /// machine's methods change it, under the same lock as the machine.
  enum Registration {
    /// Subscribing to the connectable source: not counted yet.
    case pending
    /// Counted in the connection numbered `generation`.
    case counted(generation: UInt64)
    /// Terminated or disposed: never counted (again).
    case released
  }

  /// What to do after the lock.
  enum Action {
    /// Connect the source (outside the lock), then report the connection with
    /// ``connected(_:generation:)`` and this generation.
    case connect(generation: UInt64)
    /// Dispose this connection: it ended, or it was made for a generation that has ended meanwhile.
    case disconnect(any Disposable)
    /// Nothing to do.
    case nothing
  }

  /// Whether the current generation has subscribers, and its connection.
  private enum State {
    /// No subscriber is counted: the next one connects.
    case idle
    /// `subscribers` are counted; the first of them is connecting the source outside the lock.
    case connecting(subscribers: Int)
    /// `subscribers` are counted and share `connection`.
    case connected(subscribers: Int, connection: any Disposable)
  }

  /// The current generation's subscribers and connection.
  private var state = State.idle
  /// The number of the current connection; moves on whenever one ends.
  private var generation: UInt64 = 0

  /// Subscribing `registration`'s subscriber to the connectable source has returned: counts it unless the source
  /// already terminated it (a terminated subject ends a subscriber inside `subscribe`), and tells the first one of a
  /// generation to connect.
  mutating func subscribed(_ registration: inout Registration) -> Action {
    switch registration {
    case .pending: break
    case .released: return .nothing
    case .counted: preconditionFailure("Internal inconsistency: refCount subscriber counted twice in \(state)")
    }
    registration = .counted(generation: generation)
    switch state {
    case .idle:
      state = .connecting(subscribers: 1)
      return .connect(generation: generation)
    case .connecting(let subscribers):
      state = .connecting(subscribers: subscribers + 1)
    case .connected(let subscribers, let connection):
      state = .connected(subscribers: subscribers + 1, connection: connection)
    }
    return .nothing
  }

  /// The connection asked for by ``Action/connect(generation:)`` for `generation` is made: kept if that generation
  /// is still current, otherwise (its subscribers left or the source terminated meanwhile) disposed.
  mutating func connected(_ connection: any Disposable, generation: UInt64) -> Action {
    guard generation == self.generation else { return .disconnect(connection) }
    guard case .connecting(let subscribers) = state else {
      preconditionFailure("Internal inconsistency: refCount connection made for generation \(generation) in \(state)")
    }
    state = .connected(subscribers: subscribers, connection: connection)
    return .nothing
  }

  /// `registration`'s subscriber was disposed: counts it down if it is counted in the current generation; the last
  /// one ends the connection. Releasing twice, or after the subscriber terminated, does nothing.
  mutating func released(_ registration: inout Registration) -> Action {
    guard let subscribers = countedInCurrentGeneration(&registration) else { return .nothing }
    guard subscribers == 1 else {
      switch state {
      case .connecting: state = .connecting(subscribers: subscribers - 1)
      case .connected(_, let connection): state = .connected(subscribers: subscribers - 1, connection: connection)
      case .idle: preconditionFailure("Internal inconsistency: refCount subscriber counted while idle")
      }
      return .nothing
    }
    return endGeneration()
  }

  /// The source terminated for `registration`'s subscriber: ends the connection whatever the number of subscribers
  /// (the others receive the same terminal event), so that the next subscriber connects again.
  mutating func terminated(_ registration: inout Registration) -> Action {
    guard countedInCurrentGeneration(&registration) != nil else { return .nothing }
    return endGeneration()
  }

  /// Releases `registration` and returns the current generation's subscriber count if it was counted in that
  /// generation; `nil` if it was pending, released already, or counted in an ended generation.
  private func countedInCurrentGeneration(_ registration: inout Registration) -> Int? {
    defer { registration = .released }
    guard case .counted(let counted) = registration, counted == generation else { return nil }
    switch state {
    case .connecting(let subscribers), .connected(let subscribers, _): return subscribers
    case .idle:
      preconditionFailure("Internal inconsistency: refCount subscriber counted in generation \(counted) in \(state)")
    }
  }

  /// Ends the current generation: the next subscriber connects anew, and a connection still being made for this one
  /// will be disposed when it is reported.
  private mutating func endGeneration() -> Action {
    generation &+= 1
    defer { state = .idle }
    guard case .connected(_, let connection) = state else { return .nothing }
    return .disconnect(connection)
  }
}
