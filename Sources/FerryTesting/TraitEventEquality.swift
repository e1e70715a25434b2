import Ferry

// RxTest makes the trait events comparable in tests too: `MaybeEvent` and `CompletableEvent` are `Equatable`
// (errors compare as in `Event`: same type and equal value or description). `SingleEvent` is Swift's `Result`,
// which cannot be `Equatable` with an `any Error` failure; compare arrays of it with ``singleEventsEqual(_:_:)``
// or RxTest's `XCTAssertEqual`.

extension MaybeEvent: Equatable where Element: Equatable {
  /// Compares elements with `==`, errors by type and value (or description), completions as equal.
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsEqual(left, right)
    default: return false
    }
  }
}

extension CompletableEvent: Equatable {
  /// Compares errors by type and value (or description); completions are equal.
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsEqual(left, right)
    default: return false
    }
  }
}

/// Whether two `SingleEvent`s are equal for test purposes: equal elements, or errors as in ``errorsEqual(_:_:)``.
public func singleEventsEqual<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
  switch (lhs, rhs) {
  case (.success(let left), .success(let right)): return left == right
  case (.failure(let left), .failure(let right)): return errorsEqual(left, right)
  default: return false
  }
}

/// Whether two arrays of `SingleEvent`s are equal element by element (``singleEventsEqual(_:_:)``).
public func singleEventsEqual<Element: Equatable>(_ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>]) -> Bool
{
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { singleEventsEqual($0, $1) }
}

/// Whether two recorded `SingleEvent` streams are equal: same times and equal events.
public func singleEventsEqual<Element: Equatable>(
  _ lhs: [Recorded<SingleEvent<Element>>],
  _ rhs: [Recorded<SingleEvent<Element>>]
) -> Bool {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.time == $1.time && singleEventsEqual($0.value, $1.value) }
}

/// A `SingleEvent` made `Equatable` for failure messages.
struct EquatableSingleEvent<Element: Equatable>: Equatable, CustomDebugStringConvertible {
  let event: SingleEvent<Element>

  static func == (lhs: Self, rhs: Self) -> Bool { singleEventsEqual(lhs.event, rhs.event) }

  var debugDescription: String { String(reflecting: event) }
}
