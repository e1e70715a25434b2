extension ObservableType {
  /// Continues with the observable returned by `handler` when the source fails.
  ///
  /// The source's elements are forwarded; on error, `handler(error)` is called and its observable subscribed in
  /// place of the source (errors from that observable are forwarded, not caught again). An error thrown by
  /// `handler` terminates the sequence with it.
  @preconcurrency
  @inlinable
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    catchObservable(asObservable(), handler: handler)
  }

  /// Emits `element` and completes when the source fails.
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    catchObservable(asObservable(), returning: element)
  }
}

/// The observable of `catch(_:)`, shared by the traits' forms.
@inlinable
func catchObservable<Element>(
  _ source: Observable<Element>, handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
) -> Observable<Element> {
  // The event step is built here so that the client specialises it (see `EventStep`).
  SequentialSourcesObservable(CatchStateMachine(source: source, handler: handler), operatorName: "catch(_:)") {
    passThroughStep($0)
  }
}

/// The observable of `catchAndReturn(_:)`, shared by the traits' forms: each failure is replaced by `element`.
func catchObservable<Element>(_ source: Observable<Element>, returning element: Element) -> Observable<Element> {
  let storage = ElementsStorage([element])
  return catchObservable(source) { _ in ElementsObservable(storage) }
}

/// The decisions of `catch(_:)`: the source, then at most one fallback, the handler's observable for its error.
@usableFromInline
struct CatchStateMachine<Element>: SequentialSourcesStateMachine {
  let source: Observable<Element>
  let handler: @Sendable (any Swift.Error) throws -> Observable<Element>
  /// Whether the fallback is current (its error is forwarded, not caught again).
  private var caught = false

  @usableFromInline
  init(source: Observable<Element>, handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>) {
    self.source = source
    self.handler = handler
  }

  @usableFromInline mutating func start() -> SequentialSourcesAction<Element> { .subscribe(source) }

  @usableFromInline mutating func failed(_ error: any Swift.Error) -> SequentialSourcesAction<Element> {
    if caught { return .fail(error) }
    caught = true
    do {
      return .subscribe(try handler(error))
    } catch {
      return .fail(error)
    }
  }

  @usableFromInline mutating func completed() -> SequentialSourcesAction<Element> { .complete }
}
