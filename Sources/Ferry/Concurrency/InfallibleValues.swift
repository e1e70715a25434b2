extension Infallible where Element: Sendable {
  /// The elements as a non-throwing `AsyncSequence` (unbounded buffer): `for await x in infallible.values`.
  ///
  /// Subscribes when iteration starts; each iterator is its own subscription. See ``InfallibleValues``.
  public var values: InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: .unbounded)
  }

  /// The elements as a non-throwing `AsyncSequence` buffered with `bufferingPolicy`.
  public func values(bufferingPolicy: ValuesBufferingPolicy) -> InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: bufferingPolicy)
  }
}
