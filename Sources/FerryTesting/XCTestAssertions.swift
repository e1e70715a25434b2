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

/// Asserts that two `Single` event sequences are equal (errors compare as in ``errorsEqual(_:_:)``).
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [SingleEvent<Element>],
  _ rhs: [SingleEvent<Element>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard !singleEventsEqual(lhs, rhs) else { return }
  let left = lhs.map { EquatableSingleEvent(event: $0) }
  let right = rhs.map { EquatableSingleEvent(event: $0) }
  XCTFail(recordedDifference(left, right), file: file, line: line)
}

/// Asserts that two `Maybe` event sequences are equal.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [MaybeEvent<Element>],
  _ rhs: [MaybeEvent<Element>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard lhs != rhs else { return }
  XCTFail(recordedDifference(lhs, rhs), file: file, line: line)
}

/// Asserts that two `Completable` event sequences are equal.
public func XCTAssertEqual(
  _ lhs: [CompletableEvent],
  _ rhs: [CompletableEvent],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard lhs != rhs else { return }
  XCTFail(recordedDifference(lhs, rhs), file: file, line: line)
}

/// Asserts that two recorded `Single` event streams are equal: same times and equal events.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Recorded<SingleEvent<Element>>],
  _ rhs: [Recorded<SingleEvent<Element>>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard !singleEventsEqual(lhs, rhs) else { return }
  let wrap = { (record: Recorded<SingleEvent<Element>>) in
    Recorded(time: record.time, value: EquatableSingleEvent(event: record.value))
  }
  XCTFail(recordedDifference(lhs.map(wrap), rhs.map(wrap)), file: file, line: line)
}

/// Asserts that two recorded `Maybe` event streams are equal: same times and equal events.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Recorded<MaybeEvent<Element>>],
  _ rhs: [Recorded<MaybeEvent<Element>>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard lhs != rhs else { return }
  XCTFail(recordedDifference(lhs, rhs), file: file, line: line)
}

/// Asserts that two recorded `Completable` event streams are equal: same times and equal events.
public func XCTAssertEqual(
  _ lhs: [Recorded<CompletableEvent>],
  _ rhs: [Recorded<CompletableEvent>],
  file: StaticString = #filePath,
  line: UInt = #line
) {
  guard lhs != rhs else { return }
  XCTFail(recordedDifference(lhs, rhs), file: file, line: line)
}
#endif
