/// A virtual-time scheduler that async code on virtual time (`VirtualTaskExecutor`, `TestClock`) runs on.
///
/// It needs two things: the current virtual time, and running an action when the virtual clock reaches a time
/// (actions for the same time run in the order they were scheduled; an action for a time that has already
/// passed runs at the current time, after the actions already due).
public protocol VirtualTimeScheduling: AnyObject, Sendable {
  /// The current virtual time.
  var virtualNow: TestTime { get }

  /// Runs `action` when the virtual clock reaches `time` (or now, if `time` has passed).
  func scheduleVirtual(at time: TestTime, _ action: @escaping @Sendable () -> Void)
}
