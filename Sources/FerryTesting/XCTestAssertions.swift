#if canImport(XCTest)
import Ferry
import XCTest

/// Asserts that two recorded event streams are equal; on failure prints both streams and where they differ.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Recorded<Event<Element>>],
  _ rhs: [Recorded<Event<Element>>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard lhs != rhs else { return }
  XCTFail(recordedDifference(lhs, rhs), file: file, line: line)
}

/// Asserts that two event sequences (without times) are equal; on failure prints both and where they differ.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Event<Element>],
  _ rhs: [Event<Element>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard lhs != rhs else { return }
  XCTFail(recordedDifference(lhs, rhs), file: file, line: line)
}

/// Asserts that `stream` holds exactly the `.next` elements `elements` (in order) and no terminal event.
public func XCTAssertRecordedElements<Element: Equatable>(
  _ stream: [Recorded<Event<Element>>],
  _ elements: [Element],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  let received = stream.map(\.value)
  let expected = elements.map { Event.next($0) }
  guard received != expected else { return }
  XCTFail(recordedDifference(received, expected), file: file, line: line)
}
#endif
