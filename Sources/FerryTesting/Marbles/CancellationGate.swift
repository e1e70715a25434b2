import Synchronization

/// Holds one continuation until `cancel()` resumes it with `CancellationError`, whichever comes first.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class CancellationGate: Sendable {
  private enum State {
    case idle
    case parked(CheckedContinuation<Void, any Error>)
    case cancelled
  }

  private let state = Mutex(State.idle)

  /// Stores `continuation`, or resumes it at once if `cancel()` came first.
  func park(_ continuation: CheckedContinuation<Void, any Error>) {
    let cancelled = state.withLock { state -> Bool in
      if case .cancelled = state { return true }
      state = .parked(continuation)
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  /// Resumes the parked continuation with `CancellationError` (or makes the next `park` do so).
  func cancel() {
    let parked = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      defer { state = .cancelled }
      if case .parked(let continuation) = state { return continuation }
      return nil
    }
    parked?.resume(throwing: CancellationError())
  }
}
