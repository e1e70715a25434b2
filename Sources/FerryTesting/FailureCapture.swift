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
/// gets the failure. Tasks started inside `body` capture too (they inherit its task-local values); a failure one of
/// them reports after `body` returned goes to the enclosing capture, or is recorded as usual: it is never dropped.
///
/// ```swift
/// let failures = withCapturedFailures { expectMarbles(observer.events, "^-a|", values: ["a": 1]) }
/// #expect(failures.count == 1)
/// ```
public func withCapturedFailures(_ body: () throws -> Void) rethrows -> [CapturedFailure] {
  let capture = FailureCapture(enclosing: FailureCapture.current)
  defer { capture.close() }
  try FailureCapture.$current.withValue(capture) { try body() }
  return capture.failures
}

/// Runs the async `body` and returns the failures FerryTesting's assertions reported while it ran, instead of
/// recording them (see the synchronous form).
public func withCapturedFailures(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [CapturedFailure] {
  let capture = FailureCapture(enclosing: FailureCapture.current)
  defer { capture.close() }
  try await FailureCapture.$current.withValue(capture, operation: body)
  return capture.failures
}

/// Where FerryTesting's assertions send their failures while ``withCapturedFailures(_:)`` runs.
final class FailureCapture: @unchecked Sendable {
  // @unchecked Sendable: `captured` and `isClosed` are only read and written under `lock`; `enclosing` is set once, in
  // `init`.
  @TaskLocal static var current: FailureCapture?

  /// The capture that was current when this one started: it gets the failures reported after this one ended.
  private let enclosing: FailureCapture?
  private let lock = NSLock()
  private var captured: [CapturedFailure] = []
  private var isClosed = false

  init(enclosing: FailureCapture?) { self.enclosing = enclosing }

  var failures: [CapturedFailure] { lock.withLock { captured } }

  /// Ends the capture: a failure reported after this (by a task that outlived the body) goes to the enclosing one.
  func close() { lock.withLock { isClosed = true } }

  /// Hands a failure to the innermost capture that has not ended; `false` when there is none (the caller records
  /// the failure).
  static func capture(_ message: String, fileID: String, line: Int) -> Bool {
    let failure = CapturedFailure(message: message, fileID: fileID, line: line)
    var candidate = current
    while let capture = candidate {
      let taken = capture.lock.withLock {
        guard !capture.isClosed else { return false }
        capture.captured.append(failure)
        return true
      }
      if taken { return true }
      candidate = capture.enclosing
    }
    return false
  }
}
