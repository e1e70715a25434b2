import _FerryAtomics

/// A disposable that owns one upstream subscription and disposes it exactly once.
///
/// Invariants:
/// - the upstream disposable may be attached after `dispose()` (a source that terminates synchronously during
///   `subscribe`); it is then disposed as soon as it is attached;
/// - `disposeResources()` runs exactly once, after the upstream is disposed, and references are released so
///   that a disposed subscription keeps nothing alive.
///
/// `@usableFromInline` (with `setUpstream`, `dispose` and `isDisposed`) for the inlinable `subscribe(onNext:…)`.
///
/// The state word is the object's first stored property, not an ``AtomicWord`` of its own: one allocation per
/// subscription stage instead of two (the subscription path allocates a sink per operator).
@usableFromInline
class UpstreamDisposer: Cancelable, @unchecked Sendable {
  // @unchecked Sendable: `upstream` is written once before the `upstreamSet` bit is published with an acquire-release
  // fetch-or, and afterwards read and cleared only by the single caller that wins the `disposed` bit while observing
  // `upstreamSet`; if `dispose()` wins first, only `setUpstream` touches it.

  /// The state word's storage. It must stay the first stored property of this root class (``disposalWord`` finds it at
  /// the start of the stored properties); after `init` it is touched only through ``disposalWord``, by C11 atomic
  /// operations.
  private final var stateStorage = 0
  /// No run-time exclusivity check: the atomic `state` word orders every access (see the type's documentation).
  @exclusivity(unchecked) private final var upstream: (any Disposable)?

  private static var disposedBit: Int { 1 }
  private static var upstreamSetBit: Int { 2 }

  init() {
    assert(
      withUnsafeMutablePointer(to: &stateStorage) { UnsafeMutableRawPointer($0) }
        == _getUnsafePointerToStoredProperties(self),
      "Internal inconsistency: UpstreamDisposer's state word is not its first stored property")
  }

  /// The state word, in place: the first stored property (an `Int` has the layout of a `ferry_atomic_word`).
  @inline(__always) private final var disposalWord: UnsafeMutablePointer<ferry_atomic_word> {
    _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: ferry_atomic_word.self)
  }

  /// Whether the subscription was disposed or has stopped.
  @usableFromInline @inline(__always) final var isDisposed: Bool {
    ferry_atomic_word_load(disposalWord) & Self.disposedBit != 0
  }

  /// Attaches the upstream subscription; disposes it at once if `self` is already disposed.
  ///
  /// The disposable is consumed and moved in and out of `upstream` (`swap`), never copied: `any Disposable` is an
  /// opaque existential, so each copy or destruction of one goes through its value witnesses.
  @usableFromInline final func setUpstream(_ disposable: consuming any Disposable) {
    upstream = consume disposable
    let previous = ferry_atomic_word_fetch_or(disposalWord, Self.upstreamSetBit)
    if previous & Self.disposedBit != 0 {
      takeUpstream()?.dispose()
    }
  }

  /// Moves the upstream out of `upstream`, leaving `nil`.
  @inline(__always) private final func takeUpstream() -> (any Disposable)? {
    var taken: (any Disposable)?
    swap(&taken, &upstream)
    return taken
  }

  /// Sets the disposed bit; returns `true` for the one caller that set it. The winner must call
  /// `finishDisposal(previous:)` — `stop(_:)` and `dispose()` do.
  @inline(__always) final func claimDisposal() -> Int? {
    let previous = ferry_atomic_word_fetch_or(disposalWord, Self.disposedBit)
    return previous & Self.disposedBit == 0 ? previous : nil
  }

  /// Releases the upstream and resources after a successful `claimDisposal()`.
  ///
  /// A subscription that stops before its upstream is attached is counted (``SynchronousLoopStop``): a source that
  /// loops inside `subscribe` above it cannot be reached through the upstream chain yet, and learns of it from the
  /// count.
  final func finishDisposal(previous: Int) {
    if previous & Self.upstreamSetBit != 0 {
      takeUpstream()?.dispose()
    } else {
      ferry_early_stops_count()
    }
    disposeResources()
  }

  /// Stops delivery and disposes the upstream subscription.
  @usableFromInline func dispose() {
    guard let previous = claimDisposal() else { return }
    finishDisposal(previous: previous)
  }

  /// Override to release operator-specific resources (inner subscriptions, timers, closures). Runs once.
  func disposeResources() {}

  /// The first bit of the state word a subclass may use for decisions of its own (bits below it are this class's).
  static var firstSubclassBit: Int { 4 }

  /// Sets `bits` (at or above ``firstSubclassBit``) in the state word; returns the previous word. Acquire-release.
  @inline(__always) final func fetchOrState(_ bits: Int) -> Int {
    ferry_atomic_word_fetch_or(disposalWord, bits)
  }

  /// Adds `delta` (a multiple of ``firstSubclassBit``) to the state word, for a count kept above this class's bits;
  /// returns the previous word. Acquire-release.
  @inline(__always) final func fetchAddState(_ delta: Int) -> Int {
    ferry_atomic_word_fetch_add(disposalWord, delta)
  }

  /// The state word (acquire).
  @inline(__always) final func loadState() -> Int {
    ferry_atomic_word_load(disposalWord)
  }
}

/// The base of every operator's per-subscription object: the observer of its upstream and the disposable
/// handed downstream.
///
/// On top of ``UpstreamDisposer``: `forward` delivers nothing once the sink is disposed, and exactly one stop
/// event is forwarded, after which the upstream subscription is disposed.
class Sink<Observer: ObserverType>: UpstreamDisposer, @unchecked Sendable {
  // @unchecked Sendable: ``UpstreamDisposer``'s state is published through its atomic word; `observer` is immutable and
  // only called through `forward`, which the Rx grammar serialises (subclasses that receive from several sources
  // serialise themselves).
  final let observer: Observer

  init(observer: Observer) {
    self.observer = observer
  }

  /// Whether this sink, or any Ferry observer below it, has been disposed or has stopped.
  ///
  /// Synchronous sources that loop inside `subscribe` (`repeatElement`, `from`, `range`) ask before each element, to
  /// stop when a downstream operator such as `take(_:)` finishes before `subscribe` has returned (so before the
  /// disposal could reach the source through the upstream chain). One atomic load per sink of the chain, and a
  /// witness-table call per step down it (``ObserverType/_isDownstreamDisposed``; no dynamic cast).
  final var isDownstreamDisposed: Bool {
    isDisposed || observer._isDownstreamDisposed
  }

  /// ``isDownstreamDisposed``, as the subclasses that are observers answer their upstream.
  final var _isDownstreamDisposed: Bool { isDownstreamDisposed }

  /// Forwards `event`, which the caller knows is a `.next`, unless disposed. Passes it on by address, so generic
  /// code needs no metadata of `Event<Element>` (see ``EventStep``).
  @inline(__always) final func forwardNextEvent(_ event: Event<Observer.Element>) {
    if !isDisposed {
      observer.on(event)
    }
  }

  /// Acts on what an event step decided for `event` (the upstream event, of the downstream element type).
  @inline(__always) final func apply(_ step: EventStep, to event: Event<Observer.Element>) {
    switch step {
    case .consumed: break
    case .forwardNext: forwardNextEvent(event)
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }

  /// Acts on a terminal step (an operator whose step delivers its own `.next` events).
  @inline(__always) final func apply(_ step: EventStep) {
    switch step {
    case .consumed: break
    case .forwardNext: assertionFailure("Internal inconsistency: a step without an event to forward")
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }

  /// Forwards `.next` unless disposed.
  @inline(__always) final func forwardNext(_ element: Observer.Element) {
    if !isDisposed {
      observer.on(.next(element))
    }
  }

  /// Forwards an event; a stop event is forwarded once and then disposes the sink.
  @inline(__always) final func forward(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .error, .completed: forwardStop(event)
    }
  }

  /// Forwards `.error(error)` once and disposes the sink.
  final func forwardError(_ error: any Swift.Error) { forwardStop(.error(error)) }

  /// Forwards `.completed` once and disposes the sink.
  final func forwardCompleted() { forwardStop(.completed) }

  private final func forwardStop(_ event: Event<Observer.Element>) {
    guard let previous = claimDisposal() else { return }
    observer.on(event)
    finishDisposal(previous: previous)
  }
}
