import Foundation

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a store assertion was written: reported to Swift Testing (`Issue.record`) inside a `@Test`, and to
/// XCTest (`XCTFail`) otherwise.
public struct StoreAssertionLocation: Sendable {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// The location of the caller (use the defaults).
  public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column)
  {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Records a test failure at `location` in whichever framework runs the test (or hands it to
/// `withCapturedFailures`).
func recordStoreFailure(_ message: String, at location: StoreAssertionLocation) {
  guard !FailureCapture.capture(message, fileID: location.fileID, line: Int(location.line)) else { return }
  #if canImport(Testing)
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
        column: Int(location.column)))
    return
  }
  #endif
  #if canImport(XCTest)
  XCTFail(message, file: location.filePath, line: location.line)
  #else
  print("FerryTesting: \(message)")
  #endif
}

/// A readable line diff of two values' `dump`s: `−` lines are expected only, `+` lines actual only.
func stateDiff<Value>(expected: Value, actual: Value) -> String {
  var expectedDump = ""
  var actualDump = ""
  dump(expected, to: &expectedDump)
  dump(actual, to: &actualDump)
  let old = expectedDump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = actualDump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // Longest common subsequence of lines (dumps are small).
  var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var lines: [String] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      if !old[i].isEmpty { lines.append("  \(old[i])") }
      i += 1
      j += 1
    } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      // Expected lines first, as the header reads: `−` before `+`.
      lines.append("− \(old[i])")
      i += 1
    } else {
      lines.append("+ \(new[j])")
      j += 1
    }
  }
  return lines.joined(separator: "\n")
}

/// How a failure message shows a value (its `String(describing:)`).
func describe<Value>(_ value: Value) -> String {
  String(describing: value)
}
