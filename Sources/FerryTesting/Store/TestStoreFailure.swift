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

/// How a failure message shows a value (its `String(describing:)`).
func describe<Value>(_ value: Value) -> String {
  String(describing: value)
}
