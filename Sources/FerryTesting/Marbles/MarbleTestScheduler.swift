import Ferry

extension TestScheduler {
  /// Creates a hot observable from a marble diagram (see `Docs/MarbleGrammar.md`): absolute times, `^` at
  /// `subscribed` (200, when `start` subscribes), e.g. `"-a-^-b--|"` emits `a` at 180, `b` at 220 and completes at
  /// 250.
  ///
  /// Without `values`, name the element type with `of:` (`createHotObservable("^-1-2-|", of: Int.self)`): names
  /// are then converted with `LosslessStringConvertible`.
  ///
  /// - Throws: `MarbleParseError` naming the column, the character and what was expected.
  public func createHotObservable<Element>(
    _ diagram: String, of type: Element.Type = Element.self, values: [String: Element] = [:],
    error: any Error = MarbleError.default, frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
    subscribed: TestTime = Defaults.subscribed
  ) throws(MarbleParseError) -> TestableObservable<Element> {
    let timeline = try MarbleDiagram.parse(
      diagram, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed)
    return createHotObservable(timeline.events)
  }

  /// Creates a cold observable from a marble diagram: frame 0 is each subscription, so `"-a-b|"` emits `a` 10 ticks
  /// after a subscription. `^` is not allowed.
  ///
  /// - Throws: `MarbleParseError` naming the column, the character and what was expected.
  public func createColdObservable<Element>(
    _ diagram: String, of type: Element.Type = Element.self, values: [String: Element] = [:],
    error: any Error = MarbleError.default, frameTicks: TestTime = MarbleDiagram.defaultFrameTicks
  ) throws(MarbleParseError) -> TestableObservable<Element> {
    createColdObservable(try MarbleDiagram.parseCold(diagram, values: values, error: error, frameTicks: frameTicks))
  }
}

extension TestScheduler: VirtualTimeScheduling {
  /// The virtual clock (`clock`).
  public var virtualNow: TestTime { clock }

  /// `scheduleAt(time, action:)`: the action runs at `time` exactly, or at the current time (after the actions
  /// already due) if `time` has passed; processing delay is not simulated here, as for every absolute time.
  @preconcurrency
  public func scheduleVirtual(at time: TestTime, _ action: @escaping @Sendable () -> Void) {
    scheduleAt(time, action: action)
  }
}
