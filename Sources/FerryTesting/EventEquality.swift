import Ferry

// RxTest makes events comparable in tests; so does FerryTesting. Errors are equal when they have the same type
// and the same description (or are equal `Equatable` values of the same type).
extension Event: Equatable where Element: Equatable {
  /// Compares elements with `==`, errors by type and value (or description), completions as equal.
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let left), .next(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsEqual(left, right)
    default: return false
    }
  }
}

/// Whether two errors are the same for test purposes: same dynamic type, and equal if `Equatable`, otherwise
/// the same `String(reflecting:)`.
public func errorsEqual(_ lhs: any Swift.Error, _ rhs: any Swift.Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  if let equal = equalIfEquatable(lhs as Any, rhs as Any) { return equal }
  return String(reflecting: lhs) == String(reflecting: rhs)
}

private func equalIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  return equalErased(lhs, rhs)
}

private func equalErased<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}
