// The internals that FerryCombine shares with Ferry. FerryCombine is also built outside this package (against
// OpenCombine, by `Tests/FerryOpenCombine`), where `package` declarations are out of reach, so they are exposed as
// SPI: `@_spi(FerryBridges) import Ferry`. Not API: they may change in any release.
//
// Thin wrappers rather than the types themselves, because `LockedState` and `FIFOBuffer` appear in Ferry's
// inlinable code, where an SPI type cannot.

/// ``LockedState`` for FerryCombine: a value guarded by Ferry's platform lock.
@_spi(FerryBridges)
public struct BridgeLockedState<State>: @unchecked Sendable {
  // @unchecked Sendable: as ``LockedState``: the state is only reached through `withLock`.
  @usableFromInline let base: LockedState<State>

  /// A lock guarding `initial`.
  @inlinable
  public init(_ initial: State) { base = LockedState(initial) }

  /// Runs `body` with exclusive access to the state. `body` must not call out to user code.
  @inlinable
  public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R { try base.withLock(body) }
}

/// ``FIFOBuffer`` for FerryCombine: a growable FIFO ring that allocates nothing once grown to its steady size.
@_spi(FerryBridges)
public struct BridgeFIFOBuffer<Element> {
  @usableFromInline var base = FIFOBuffer<Element>()

  /// An empty buffer.
  @inlinable
  public init() {}

  /// The number of elements.
  @inlinable
  public var count: Int { base.count }

  /// Whether the buffer is empty.
  @inlinable
  public var isEmpty: Bool { base.isEmpty }

  /// Appends `element` at the back.
  @inlinable
  public mutating func append(_ element: Element) { base.append(element) }

  /// Removes and returns the front element (the buffer keeps no reference to it).
  @inlinable
  public mutating func popFirst() -> Element? { base.popFirst() }

  /// Appends `element` as `policy` allows and returns the element the policy dropped, if any (see
  /// ``ValuesBufferingPolicy``), for the caller to release after its lock.
  @inlinable
  public mutating func append(_ element: Element, bufferingPolicy policy: ValuesBufferingPolicy) -> Element? {
    base.append(element, bufferingPolicy: policy)
  }
}

@_spi(FerryBridges)
extension Infallible {
  /// Wraps `observable`, which must never emit an error: for bridges whose types guarantee it (a Combine publisher
  /// whose `Failure` is `Never`).
  public static func bridging(_ observable: Observable<Element>) -> Infallible<Element> {
    Infallible(raw: observable)
  }
}

/// ``requireArgument(_:_:file:line:)`` for FerryCombine: stops the program with `message` unless `condition` holds,
/// in every build but `-Ounchecked` (`precondition`'s message is dropped by `-O`).
@_spi(FerryBridges)
public func bridgeRequireArgument(
  _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
  requireArgument(condition, message(), file: file, line: line)
}

@_spi(FerryBridges)
extension ValuesBufferingPolicy {
  /// `self`, after checking that a bounded policy keeps at least one element; `api` names the call in the message.
  public func bridgeChecked(for api: StaticString) -> ValuesBufferingPolicy { limit(for: api) }
}
