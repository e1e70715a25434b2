import Ferry

/// An `AsyncSequence` that plays a marble diagram on a `TestClock`: each `next()` returns the next value when the
/// virtual clock reaches its time, `nil` at `|`, and throws the diagram's error at `#`.
///
/// - Cold (`parseCold` rules, frame 0 = the moment the iterator is made): every iterator plays the whole diagram
///   from its own start.
/// - Hot (`parse` rules, absolute times, `^` at `subscribed`): iterators share one timeline; an iterator made at
///   time `t` sees the events from `t` on.
///
/// A diagram without `|` or `#` never ends: after its last value `next()` waits until its task is cancelled, then
/// throws `CancellationError`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct MarbleAsyncSequence<Element: Sendable>: AsyncSequence, Sendable {
  /// Whether the diagram is replayed per iterator or shared.
  public enum Temperature: Sendable {
    /// Each iterator plays the diagram from its start; `^` is not allowed.
    case cold
    /// The diagram is an absolute timeline shared by all iterators.
    case hot
  }

  private let events: [Recorded<Event<Element>>]
  private let temperature: Temperature
  /// The clock the sequence waits on.
  public let clock: TestClock

  /// Parses `diagram` (see `Docs/MarbleGrammar.md`); times are ticks of `clock.scheduler`.
  public init(
    _ diagram: String, values: [String: Element] = [:], error: any Error = MarbleError.default,
    temperature: Temperature = .cold, clock: TestClock, frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
    subscribed: TestTime = MarbleDiagram.defaultSubscribed
  ) throws(MarbleParseError) {
    switch temperature {
    case .cold:
      events = try MarbleDiagram.parseCold(diagram, values: values, error: error, frameTicks: frameTicks)
    case .hot:
      events = try MarbleDiagram.parse(
        diagram, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed
      ).events
    }
    self.temperature = temperature
    self.clock = clock
  }

  /// Plays the diagram from now (cold) or from the current point of the shared timeline (hot).
  public func makeAsyncIterator() -> Iterator {
    let now = clock.scheduler.virtualNow
    switch temperature {
    case .cold:
      return Iterator(events: events.map { Recorded(time: $0.time &+ now, value: $0.value) }, clock: clock)
    case .hot:
      return Iterator(events: events.filter { $0.time >= now }, clock: clock)
    }
  }

  /// Iterates a `MarbleAsyncSequence`.
  public struct Iterator: AsyncIteratorProtocol {
    private let events: [Recorded<Event<Element>>]
    private let clock: TestClock
    private var index = 0
    private var finished = false

    init(events: [Recorded<Event<Element>>], clock: TestClock) {
      self.events = events
      self.clock = clock
    }

    /// The next element when the clock reaches its time; `nil` after `|`; throws at `#`.
    public mutating func next() async throws -> Element? {
      if finished { return nil }
      guard index < events.count else {
        try await suspendUntilCancelled()
        return nil
      }
      let event = events[index]
      index += 1
      try await clock.sleep(until: clock.instant(at: event.time))
      switch event.value {
      case .next(let element): return element
      case .completed:
        finished = true
        return nil
      case .error(let error):
        finished = true
        throw error
      }
    }
  }
}

/// Waits until the current task is cancelled, then throws `CancellationError` (a sequence that never ends).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
func suspendUntilCancelled() async throws {
  let gate = CancellationGate()
  try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { gate.park($0) }
  } onCancel: {
    gate.cancel()
  }
}
