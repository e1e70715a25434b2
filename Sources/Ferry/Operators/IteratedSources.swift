extension ObservableType {
  /// Emits the elements of each of `sources` in turn, subscribing to the next one when the previous completed.
  ///
  /// `sources` is iterated lazily, once per subscription: the next source is pulled only when the previous one
  /// completed, so an endless sequence of sources is fine (`Observable.concat(sources).take(3)` pulls only what
  /// `take(3)` needs). Synchronously completing sources are subscribed to in a loop, not recursively, so long
  /// chains do not grow the stack.
  @inlinable
  public static func concat<S: Sequence>(_ sources: S) -> Observable<Element> where S.Element == Observable<Element> {
    iteratedSources(sources, movesOn: .completion, "concat")
  }

  /// Emits the elements of each of `sources` in turn, subscribing to the next one when the previous completed.
  ///
  /// As the `Sequence` form: the collection is walked lazily, once per subscription.
  @inlinable
  public static func concat<C: Collection>(_ sources: C) -> Observable<Element> where C.Element == Observable<Element> {
    iteratedSources(sources, movesOn: .completion, "concat")
  }

  /// Mirrors the first sequence of `sequence`; when one fails, continues with the next. Fails with the last
  /// error when no sequence is left; completes at once if `sequence` is empty.
  ///
  /// `sequence` is iterated lazily, once per subscription.
  @inlinable
  public static func `catch`<S: Sequence>(sequence: S) -> Observable<Element> where S.Element == Observable<Element> {
    iteratedSources(sequence, movesOn: .error, "catch(sequence:)")
  }
}

/// The observable of `concat` and `catch(sequence:)` over `sources`.
@inlinable
func iteratedSources<Sources: Sequence, Element>(
  _ sources: Sources, movesOn: IteratedSourcesStateMachine<Sources, Element>.MovesOn, _ operatorName: StaticString
) -> Observable<Element> {
  // The event step is built here so that the client specialises it (see `EventStep`).
  SequentialSourcesObservable(IteratedSourcesStateMachine(sources, movesOn: movesOn), operatorName: operatorName) {
    passThroughStep($0)
  }
}

/// The decisions of `concat` and `catch(sequence:)` over a sequence of sources: the sequence's next source when the
/// current one completes (`concat`) or fails (`catch(sequence:)`); its other stop event, or the last one when the
/// sequence is exhausted, is forwarded.
@usableFromInline
struct IteratedSourcesStateMachine<Sources: Sequence, Element>: SequentialSourcesStateMachine
where Sources.Element == Observable<Element> {
  /// The stop event on which the next source is subscribed.
  @usableFromInline
  enum MovesOn {
    case completion
    case error
  }

  let sources: Sources
  let movesOn: MovesOn
  /// Made at the start, so that each subscription (each copy of the machine) walks the sequence anew.
  private var iterator: Sources.Iterator?

  @usableFromInline
  init(_ sources: Sources, movesOn: MovesOn) {
    self.sources = sources
    self.movesOn = movesOn
  }

  @usableFromInline mutating func start() -> SequentialSourcesAction<Element> {
    iterator = sources.makeIterator()
    return next(else: .complete)
  }

  @usableFromInline mutating func failed(_ error: any Swift.Error) -> SequentialSourcesAction<Element> {
    movesOn == .error ? next(else: .fail(error)) : .fail(error)
  }

  @usableFromInline mutating func completed() -> SequentialSourcesAction<Element> {
    movesOn == .completion ? next(else: .complete) : .complete
  }

  /// The sequence's next source, or `stop` when it has none.
  private mutating func next(else stop: SequentialSourcesAction<Element>) -> SequentialSourcesAction<Element> {
    guard let source = iterator?.next() else { return stop }
    return .subscribe(source)
  }
}
