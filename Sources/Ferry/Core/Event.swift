/// A notification delivered to an observer: an element, an error or completion.
///
/// Every subscription follows the grammar `next* (error | completed)?`: nothing is delivered after
/// `error` or `completed`, and events to one observer never overlap.
@frozen
public enum Event<Element> {
  /// The next element of the sequence.
  case next(Element)
  /// The sequence terminated with an error.
  case error(any Swift.Error)
  /// The sequence terminated successfully.
  case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event {
  /// Whether this is `.error` or `.completed`.
  @inlinable public var isStopEvent: Bool {
    if case .next = self { return false }
    return true
  }

  /// The element of a `.next` event, `nil` otherwise.
  @inlinable public var element: Element? {
    if case .next(let element) = self { return element }
    return nil
  }

  /// The error of an `.error` event, `nil` otherwise.
  @inlinable public var error: (any Swift.Error)? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Whether this is `.completed`.
  @inlinable public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Transforms the element of a `.next` event; an error thrown by `transform` becomes `.error`.
  @inlinable public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let element):
      do { return .next(try transform(element)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomDebugStringConvertible {
  /// `next(value)`, `error(error)` or `completed`.
  public var debugDescription: String {
    switch self {
    case .next(let element): return "next(\(element))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}
