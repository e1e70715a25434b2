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
    return DebugObservable(source: asObservable(), identifier: name, trimOutput: trimOutput)
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

final class DebugObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Element>
  let identifier: String
  let trimOutput: Bool

  init(source: Observable<Element>, identifier: String, trimOutput: Bool) {
    self.source = source
    self.identifier = identifier
    self.trimOutput = trimOutput
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    DebugOutput.write("\(identifier) -> subscribed")
    let sink = DebugSink(observer: observer, identifier: identifier, trimOutput: trimOutput)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: only immutable state.
  let identifier: String
  let trimOutput: Bool

  init(observer: Observer, identifier: String, trimOutput: Bool) {
    self.identifier = identifier
    self.trimOutput = trimOutput
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    guard !isDisposed else { return }
    var description = event.debugDescription
    let limit = 40
    if trimOutput && description.count > limit {
      description = String(description.prefix(limit - 3)) + "..."
    }
    DebugOutput.write("\(identifier) -> Event \(description)")
    forward(event)
  }

  override func disposeResources() {
    DebugOutput.write("\(identifier) -> isDisposed")
  }
}
