import Foundation

/// A failure that one of FerryTesting's assertions reported inside ``withCapturedFailures(_:)``, captured instead of
/// recorded.
public struct CapturedFailure: Sendable, CustomStringConvertible {
  /// The message the test framework would have shown.
  public let message: String
  /// The file of the assertion, as `#fileID` names it.
  public let fileID: String
  /// The line of the assertion.
  public let line: Int

  /// `fileID:line: message`.
  public var description: String { "\(fileID):\(line): \(message)" }
}

/// Runs `body` and returns the failures FerryTesting's assertions reported while it ran (`expectMarbles`,
/// `expectSubscriptions`, `expectStoreParity`, `TestStore`'s steps), in order, instead of recording them as test
/// issues.
///
/// For tests of a failure's message — of your own assertion helpers, say — without a known issue printed in a
/// passing run. Other failures (`#expect`, `XCTAssert…`) are recorded as usual. Captures nest: the innermost one
/// gets the failure. Tasks started inside `body` capture too (they inherit its task-local values).
///
/// ```swift
/// let failures = withCapturedFailures { expectMarbles(observer.events, "^-a|", values: ["a": 1]) }
/// #expect(failures.count == 1)
/// ```
public func withCapturedFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
  let capture = FailureCapture()
  try FailureCapture.$current.withValue(capture) { try body() }
  return capture.failures
}

/// Runs the async `body` and returns the failures FerryTesting's assertions reported while it ran, instead of
/// recording them (see the synchronous form).
public func withCapturedFailures(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [CapturedFailure] {
  let capture = FailureCapture()
  try await FailureCapture.$current.withValue(capture, operation: body)
  return capture.failures
}

/// Where FerryTesting's assertions send their failures while ``withCapturedFailures(_:)`` runs.
///
/// `@unchecked Sendable`: `captured` is only read and written under `lock`.
final class FailureCapture: @unchecked Sendable {
  @TaskLocal static var current: FailureCapture?

  private let lock = NSLock()
  private var captured: [CapturedFailure] = []

  var failures: [CapturedFailure] { lock.withLock { captured } }

  /// Hands a failure to the innermost capture; `false` when none runs (the caller records it).
  static func capture(_ message: String, fileID: String, line: Int) -> Bool {
    guard let capture = current else { return false }
    capture.lock.withLock { capture.captured.append(CapturedFailure(message: message, fileID: fileID, line: line)) }
    return true
  }
}
