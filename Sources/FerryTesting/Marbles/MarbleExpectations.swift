#if canImport(Testing)
import Ferry
import Testing

/// Expects `events` to match `diagram`; otherwise records an `Issue` at the caller's line showing expected and
/// actual as aligned diagrams, the event lists and the first difference (see `MarbleDiagram.mismatch`).
///
/// ```swift
/// expectMarbles(observer.events, "^-a-b-|", values: ["a": 1, "b": 2])
/// ```
/// - Returns: the mismatch (already recorded), or `nil` when the events match.
@discardableResult
public func expectMarbles<Element: Equatable>(
  _ events: [Recorded<Event<Element>>], _ diagram: String, values: [String: Element] = [:],
  error: any Error = MarbleError.default, frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
  subscribed: TestTime = MarbleDiagram.defaultSubscribed, sourceLocation: SourceLocation = #_sourceLocation
) -> MarbleMismatch? {
  let mismatch = MarbleDiagram.mismatch(
    events, diagram, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed)
  if let mismatch { recordMarbleFailure(mismatch.description, at: sourceLocation) }
  return mismatch
}

/// Expects `subscriptions` to match the subscription diagrams (one per subscription, e.g. `"^-----!"`);
/// otherwise records an `Issue` at the caller's line with both as aligned diagrams.
///
/// ```swift
/// expectSubscriptions(xs.subscriptions, "^-----!")
/// ```
/// - Returns: the mismatch (already recorded), or `nil` when the subscriptions match.
@discardableResult
public func expectSubscriptions(
  _ subscriptions: [Subscription], _ diagrams: String..., frameTicks: TestTime = MarbleDiagram.defaultFrameTicks,
  subscribed: TestTime = MarbleDiagram.defaultSubscribed, sourceLocation: SourceLocation = #_sourceLocation
) -> MarbleMismatch? {
  let mismatch = MarbleDiagram.mismatch(
    subscriptions: subscriptions, diagrams, frameTicks: frameTicks, subscribed: subscribed)
  if let mismatch { recordMarbleFailure(mismatch.description, at: sourceLocation) }
  return mismatch
}

/// Records a marble failure at `location`, or hands it to `withCapturedFailures`.
func recordMarbleFailure(_ message: String, at location: SourceLocation) {
  guard !FailureCapture.capture(message, fileID: location.fileID, line: location.line) else { return }
  Issue.record(Comment(rawValue: message), sourceLocation: location)
}
#endif
