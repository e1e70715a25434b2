/// Carries a non-`Sendable` value across a `@Sendable` boundary that the compiler cannot prove safe: the one
/// unchecked box of the package (Ferry, FerryTesting, the tests and the examples all use this one).
@usableFromInline
package struct UncheckedBox<Value>: @unchecked Sendable {
  // @unchecked Sendable: sound only when the value is **handed off**, never shared: once boxed, exactly one party at
  // a time uses it. Ferry's uses are of that kind: a scheduler's state or a caller's element moved into the one
  // scheduled action that consumes it (the caller does not touch it again, which is the promise RxSwift's schedulers
  // make too), or a value used only on the thread or serial queue that runs every action (a test scheduler's actions).
  // It is not sound for a value that two threads may read and write: put that behind a lock (`LockedState`) instead.
  /// The boxed value; only the party that currently owns the box may read or replace it.
  @usableFromInline package var value: Value

  /// Boxes `value` for hand-off.
  @inlinable package init(_ value: Value) { self.value = value }
}
