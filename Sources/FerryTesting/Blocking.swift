import Ferry
import Foundation

/// The outcome of a blocking subscription: its elements and how it ended (RxBlocking's type).
public enum MaterializedSequenceResult<Element> {
  /// The sequence completed after emitting `elements`.
  case completed(elements: [Element])
  /// The sequence failed with `error` after emitting `elements`.
  case failed(elements: [Element], error: any Swift.Error)
}

extension ObservableConvertibleType {
  /// Converts the sequence into one whose results are awaited by blocking the calling thread (RxBlocking).
  ///
  /// - Parameter timeout: the longest time to wait for each operation, in seconds; when it passes the
  ///   operation throws `RxError.timeout`. `nil` waits forever.
  ///
  /// Blocking is the purpose of this API, meant for tests and command-line tools. A source that emits
  /// synchronously does not deadlock. On the main thread the operations run the run loop while they wait (as
  /// RxBlocking does), so a source that delivers on the main thread (`MainScheduler`, `Driver`, `Signal`)
  /// completes.
  public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
    BlockingObservable(timeout: timeout, source: asObservable())
  }
}

extension MaterializedSequenceResult: Sendable where Element: Sendable {}
