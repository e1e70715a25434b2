import Ferry

/// A value recorded at a virtual time: an event of a test observer or of a test observable.
public struct Recorded<Value> {
  /// The virtual time.
  public let time: TestTime
  /// The value.
  public let value: Value

  /// Creates a record.
  public init(time: TestTime, value: Value) {
    self.time = time
    self.value = value
  }
}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomDebugStringConvertible {
  /// `value @ time`.
  public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded {
  /// A `.next(element)` at `time`.
  public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>>
  where Value == Event<Element> {
    Recorded(time: time, value: .next(element))
  }

  /// A `.completed` at `time`.
  public static func completed<Element>(
    _ time: TestTime, _ type: Element.Type = Element.self
  )
    -> Recorded<Event<Element>> where Value == Event<Element>
  {
    Recorded(time: time, value: .completed)
  }

  /// An `.error(error)` at `time`.
  public static func error<Element>(
    _ time: TestTime, _ error: any Swift.Error, _ type: Element.Type = Element.self
  )
    -> Recorded<Event<Element>> where Value == Event<Element>
  {
    Recorded(time: time, value: .error(error))
  }

  /// Returns `recordedEvents` as an array (RxTest's `Recorded.events(…)`).
  public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
  where Value == Event<Element> {
    recordedEvents
  }

  /// Returns `recordedEvents` unchanged (RxTest's `Recorded.events(…)`).
  public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
  where Value == Event<Element> {
    recordedEvents
  }
}

/// When a test observable was subscribed and unsubscribed, in virtual time.
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
  /// The virtual time of the subscription.
  public let subscribe: TestTime
  /// The virtual time of the unsubscription (`Int.max` while still subscribed).
  public let unsubscribe: TestTime

  /// A subscription that is still active.
  public init(_ subscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = .max
  }

  /// A subscription that ended at `unsubscribe`.
  public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// `(subscribe, unsubscribe)`.
  public var debugDescription: String {
    let end = unsubscribe == .max ? "Infinity" : String(unsubscribe)
    return "(\(subscribe): \(end))"
  }
}
