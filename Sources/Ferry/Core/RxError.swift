/// The errors Ferry itself produces.
public enum RxError: Swift.Error, CustomDebugStringConvertible, Sendable {
  /// A sequence that had to produce exactly one element produced none.
  case noElements
  /// A sequence that had to produce exactly one element produced more.
  case moreThanOneElement
  /// An element index was out of range (`element(at:)`).
  case argumentOutOfRange
  /// An operation did not finish in time (`timeout`, `toBlocking(timeout:)`).
  case timeout
  /// The object was disposed.
  case disposed(object: String)
  /// An integer counter would overflow (`enumerated()`'s index).
  case overflow
  /// An unknown error.
  case unknown

  /// A human-readable description.
  public var debugDescription: String {
    switch self {
    case .noElements: return "Sequence doesn't contain any elements."
    case .moreThanOneElement: return "Sequence contains more than one element."
    case .argumentOutOfRange: return "Argument out of range."
    case .timeout: return "Sequence timeout."
    case .disposed(let object): return "Object `\(object)` was already disposed."
    case .overflow: return "Arithmetic overflow occurred."
    case .unknown: return "Unknown error occurred."
    }
  }
}
