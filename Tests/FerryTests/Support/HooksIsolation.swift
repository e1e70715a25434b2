import Ferry
import Testing

/// For a test that replaces `Hooks`' process-wide handlers (`defaultErrorHandler`,
/// `customCaptureSubscriptionCallstack`, `recordCallStackOnError`): such tests take turns, whatever suite they are
/// in and however the suites run in parallel, and the hooks are restored when each test ends, even if it throws.
///
/// Taking turns keeps one such test from replacing another's handler mid-test. Tests that do not touch `Hooks`
/// still run alongside and may report unhandled errors of their own to the installed handler, so a handler under
/// test records only ``HookProbeError``s, which no other test sends.
struct SwapsHooksTrait: TestTrait, TestScoping {
  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    await HooksTurns.shared.acquire()
    let errorHandler = Hooks.defaultErrorHandler
    let capture = Hooks.customCaptureSubscriptionCallstack
    let recordCallStack = Hooks.recordCallStackOnError
    func restore() async {
      Hooks.defaultErrorHandler = errorHandler
      Hooks.customCaptureSubscriptionCallstack = capture
      Hooks.recordCallStackOnError = recordCallStack
      await HooksTurns.shared.release()
    }
    do {
      try await function()
    } catch {
      await restore()
      throw error
    }
    await restore()
  }
}

extension Trait where Self == SwapsHooksTrait {
  /// The test replaces `Hooks`' process-wide handlers: see ``SwapsHooksTrait``.
  static var swapsHooks: Self { Self() }
}

/// Hands the hooks to one test at a time, first come first served, without blocking a thread while waiting.
actor HooksTurns {
  static let shared = HooksTurns()

  private var isTaken = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Waits for the turn.
  func acquire() async {
    guard isTaken else {
      isTaken = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }  // `release()` hands the turn over
  }

  /// Ends the turn, handing it to the next waiting test if any.
  func release() {
    if waiting.isEmpty {
      isTaken = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// The only error a test reports through a handler it installed in `Hooks`: unhandled errors of other tests
/// running at the same time are of other types.
struct HookProbeError: Error, CustomStringConvertible {
  let id: Int
  var description: String { "HookProbeError(\(id))" }
}
