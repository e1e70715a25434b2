import Ferry

// Outside the suites' folders: the nested package `Tests/FerryOpenCombine` compiles the suites without this file
// (`LockedState` is `package`) and has its own `Counter`.

/// Counts Observation change notifications (`onChange` is `@Sendable`).
final class Counter: Sendable {
  private let count = LockedState(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
