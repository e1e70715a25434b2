import Ferry

/// A readable description of how two streams differ: both streams and the first differing index, for test
/// failure messages.
public func recordedDifference<Value: Equatable>(_ lhs: [Value], _ rhs: [Value]) -> String {
  let common = min(lhs.count, rhs.count)
  let firstDifference = (0..<common).first { lhs[$0] != rhs[$0] } ?? common
  func describe(_ values: [Value]) -> String {
    values.enumerated().map { index, value in
      let marker = index == firstDifference ? "→ " : "  "
      return "\(marker)[\(index)] \(String(reflecting: value))"
    }.joined(separator: "\n")
  }
  return """
    Streams differ at index \(firstDifference) (\(lhs.count) vs \(rhs.count) values).
    Received:
    \(describe(lhs))
    Expected:
    \(describe(rhs))
    """
}
