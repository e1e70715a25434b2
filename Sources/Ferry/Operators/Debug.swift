extension ObservableType {
  /// Prints every subscription, event and disposal to standard output, prefixed with `identifier` (by default
  /// the call site), and passes the events through unchanged.
  ///
  /// Lines look like `file.swift:12 (f()) -> subscribed`, `… -> Event next(1)`, `… -> isDisposed`. With
  /// `trimOutput`, event descriptions longer than 40 characters are cut and end with `...`.
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function
  ) -> Observable<Element> {
    let name =
      identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
    // `do`'s handlers run where the lines must go: `onSubscribe` before the source is subscribed, the event handlers
    // before the event is delivered, `onDispose` once the subscription has ended and the source's is disposed.
    @Sendable func write(_ event: Event<Element>) {
      var description = event.debugDescription
      let limit = 40
      if trimOutput && description.count > limit {
        description = String(description.prefix(limit - 3)) + "..."
      }
      DebugOutput.write("\(name) -> Event \(description)")
    }
    return self.do(
      onNext: { write(.next($0)) },
      onError: { write(.error($0)) },
      onCompleted: { write(.completed) },
      onSubscribe: { DebugOutput.write("\(name) -> subscribed") },
      onDispose: { DebugOutput.write("\(name) -> isDisposed") }
    )
  }
}

/// Where `debug` writes; tests replace it.
enum DebugOutput {
  private static let sink = LockedState<(@Sendable (String) -> Void)?>(nil)

  /// The current writer (`nil` = `print`).
  static var writer: (@Sendable (String) -> Void)? {
    get { sink.withLock { $0 } }
    set { sink.withLock { $0 = newValue } }
  }

  static func write(_ line: String) {
    if let writer { writer(line) } else { print(line) }
  }
}
