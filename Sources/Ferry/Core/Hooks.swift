import Foundation

/// Global hooks, with RxSwift's names and shapes.
public enum Hooks {
  /// The handler of errors that reach no `onError`: the subscription's call stack (empty unless
  /// ``recordCallStackOnError`` is set) and the error.
  @preconcurrency
  public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: any Swift.Error) -> Void

  /// Captures a call stack for ``DefaultErrorHandler``.
  @preconcurrency
  public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

  private struct State {
    var defaultErrorHandler: DefaultErrorHandler = Hooks.printInDebugBuilds
    var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = { Thread.callStackSymbols }
    var recordCallStackOnError = false
  }

  private static let state = LockedState(State())

  /// Called with an error that reached a subscription without an `onError` handler (or a `bind(to:)`, a
  /// `Binder`). The default prints the error in debug builds and does nothing in release builds; Ferry never
  /// crashes on an unhandled error.
  ///
  /// Differs from RxSwift in that the call stack is the one of the thread reporting the error (captured when
  /// the error arrives, not when the subscription was made).
  @preconcurrency
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { state.withLock { $0.defaultErrorHandler } }
    set { state.withLock { $0.defaultErrorHandler = newValue } }
  }

  /// Captures the call stack passed to ``defaultErrorHandler`` when ``recordCallStackOnError`` is set. The
  /// default returns `Thread.callStackSymbols`.
  @preconcurrency
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { state.withLock { $0.customCaptureSubscriptionCallstack } }
    set { state.withLock { $0.customCaptureSubscriptionCallstack = newValue } }
  }

  /// Whether unhandled errors are reported with a call stack (off by default, as in RxSwift).
  public static var recordCallStackOnError: Bool {
    get { state.withLock { $0.recordCallStackOnError } }
    set { state.withLock { $0.recordCallStackOnError = newValue } }
  }

  @usableFromInline static func unhandledError(_ error: any Swift.Error) {
    let (handler, capture) = state.withLock { state in
      (state.defaultErrorHandler, state.recordCallStackOnError ? state.customCaptureSubscriptionCallstack : nil)
    }
    handler(capture?() ?? [], error)
  }

  private static let printInDebugBuilds: DefaultErrorHandler = { callStack, error in
    #if DEBUG
    print("Ferry: unhandled error: \(error)")
    if !callStack.isEmpty { print(callStack.joined(separator: "\n")) }
    #endif
  }
}
