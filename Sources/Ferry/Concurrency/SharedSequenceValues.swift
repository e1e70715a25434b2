extension SharedSequence where Element: Sendable {
  /// The elements of this `Driver` / `Signal` as a non-throwing `AsyncSequence` with an unbounded buffer.
  ///
  /// Subscribes when iteration starts; see ``ObservableType/values``.
  public var values: InfallibleValues<Element> { InfallibleValues(source: asObservable(), policy: .unbounded) }

  /// The elements of this `Driver` / `Signal` as a non-throwing `AsyncSequence`, buffered with `bufferingPolicy`.
  ///
  /// A `Driver` consumed with `.bufferingNewest(1)` always ends on the latest state.
  public func values(bufferingPolicy: ValuesBufferingPolicy) -> InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: bufferingPolicy)
  }
}
