/// Stops the program with `message` unless `condition` holds: the check of a public API's argument (a negative
/// duration, a zero period, a negative count) or of how it is called (a scheduler that is already running, work
/// expected on the main thread).
///
/// Not `precondition`: optimised builds (`-O`) drop `precondition`'s message, so an app's crash log would say only
/// "Illegal instruction". `fatalError` prints its message in every build but `-Ounchecked`.
@inlinable @inline(__always)
package func requireArgument(
  _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
  if _slowPath(!condition) { fatalError(message(), file: file, line: line) }
}
