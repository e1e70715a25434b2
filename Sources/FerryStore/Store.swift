import Ferry
import Observation

/// A screen's store: `@MainActor`, observable with Observation, its logic in a ``StoreFeature``.
///
/// ```swift
/// let store = Store(initialState: .completed(LoginContent()), feature: LoginFeature(auth: auth))
/// store.send(.inputLoginId("taro"))          // a button or a Binding setter: applied before `send` returns
/// await store.dispatchCommand(.logIn)        // returns when the login work has finished
/// for await effect in store.effect { … }     // progress, alerts, navigation
/// ```
///
/// **Ordering.** Each action commits the state once — one Observation change, none when
/// ``StoreFeature/isUnchanged(_:_:)`` says the state did not change — and the adapters
/// (``stateDriver``, ``driver(_:)``) emit from that commit, synchronously. Commands, actions and effects sent while
/// the store is handling something (from a state subscriber, an effect consumer, a legacy Rx binding, a handler
/// dispatching a command) are queued first-in first-out and handled once the current one is done: never nested.
///
/// **Effects** go to every consumer subscribed at the moment they are emitted, in order. Each `for await` loop over
/// ``effect`` buffers without bound (a slow consumer delays nothing and loses nothing); a ``effectSignal``
/// subscriber is called synchronously. An effect emitted while nobody is subscribed reaches nobody, as with a
/// `PublishRelay`: subscribe before sending commands whose effects matter.
///
/// **Async work** runs off the main actor under a ``WorkPolicy``; see ``StoreContext/run(id:_:priority:_:)``.
/// Releasing the store cancels all of its work; nothing it sends afterwards is applied.
///
/// **Cost.** The synchronous path — ``send(_:)``, the context's `dispatchAction` / `dispatchEffect`, the commit and
/// the effect's emission — is `@inlinable`, so it is specialised in the app for its feature's types: run as this
/// module's generic code, each use of `Feature`'s types looked up generic metadata and witness tables at run time.
@MainActor
public final class Store<Feature: StoreFeature>: ViewStore {
  /// What the view shows: reading it in a SwiftUI body (or `withObservationTracking`) tracks it.
  public var state: Feature.State {
    registrar.access(self, keyPath: stateKeyPath)
    return storedState
  }

  /// Observation's registrar for ``state``: the `Observable` conformance is written by hand, not by the
  /// `@Observable` macro, whose registrar is private and so cannot be reached from the inlinable commit path.
  @usableFromInline let registrar = ObservationRegistrar()
  /// The storage of ``state``. Unchecked exclusivity: it is only read or assigned (never held in an `inout` access
  /// across a call), on the main actor, so no two accesses overlap; the dynamic check cost about 170 instructions per
  /// commit (callgrind).
  @usableFromInline @exclusivity(unchecked) var storedState: Feature.State
  /// `\Store.state`, built once per store. In a generic class each evaluation of a key-path literal instantiates
  /// a new key path at run time (`swift_getKeyPath` demangles the generic arguments and allocates the key path and
  /// an array), which the macro-generated accessors would do on every read and every commit.
  @usableFromInline let stateKeyPath: KeyPath<Store, Feature.State> = \Store.state

  /// The feature: the screen's logic and dependencies.
  public let feature: Feature

  package let runtime: StoreRuntime<Feature>
  /// The effects; completed when the store is cancelled or released, so that effect loops end with it.
  @usableFromInline package let effectSubject = PublishSubject<Feature.Effect>()
  /// The relay the Rx adapters read (`committedStates`), created on first use.
  @usableFromInline var stateRelay: BehaviorRelay<Feature.State>?
  /// What a commit calls to accept the new state into `stateRelay`. Built by the inlinable `committedStates` where
  /// the state type is known, so that the relay's delivery runs specialised; called from this generic class, the
  /// relay's `accept` looked up generic metadata on every commit.
  @usableFromInline @exclusivity(unchecked) var acceptCommit: ((Feature.State) -> Void)?
  /// Scoped children to update at each commit; each returns `false` once its child is gone. (Exclusivity stays
  /// checked: a child's update may scope a new child, appending while the list is being walked.)
  var commitObservers: [(Feature.State) -> Bool] = [] {
    didSet { hasCommitObservers = !commitObservers.isEmpty }
  }
  /// `!commitObservers.isEmpty`, kept apart so that a commit reads a `Bool`, not the array.
  @usableFromInline @exclusivity(unchecked) var hasCommitObservers = false
  /// Outputs waiting while another is handled (re-entrant sends), oldest at `queueHead`.
  private var queue: [StoreOutput<Feature>] = []
  private var queueHead = 0
  // The flags below are only read or assigned, on the main actor: unchecked exclusivity, as `storedState`.
  /// A command, action or effect is being handled: what arrives meanwhile is queued.
  @usableFromInline @exclusivity(unchecked) var isProcessing = false
  /// Something was queued while handling: the handling step drains the queue before it ends.
  @usableFromInline @exclusivity(unchecked) var hasQueued = false
  /// The work started while `dispatchCommand` handles its command.
  private var startedWork: [(token: UInt64, task: Task<Void, Never>)]?
  /// The id of the work whose error ``StoreFeature/handleError(_:in:)`` is handling (``StoreContext/failedWorkID``).
  var failedWorkID: AnyHashable?
  /// The façade ``legacyFacade`` handed out, while something holds it (weak: the façade holds the store).
  weak var legacyFacadeCache: LegacyStoreFacade<Feature>?
  /// Cancelled or released: commands are ignored.
  @usableFromInline @exclusivity(unchecked) private(set) var isCancelled = false

  /// A store showing `initialState`, handling commands with `feature`, timing debounce and throttle on the
  /// continuous clock.
  public convenience init(initialState: Feature.State, feature: Feature) {
    self.init(initialState: initialState, feature: feature, clock: ContinuousClock())
  }

  /// A store whose debounce and throttle policies use `clock` (a test clock in tests).
  public convenience init<C: Clock>(initialState: Feature.State, feature: Feature, clock: C)
  where C.Duration == Duration {
    self.init(initialState: initialState, feature: feature, clock: StoreClock(clock), drainsAutomatically: true)
  }

  /// A store on `clock` whose async work's outputs are applied by a main-actor drain (`drainsAutomatically`) or
  /// pulled one by one with `runtime.takeNextOutput()` and `process(_:)` (FerryTesting's `TestStore`).
  package init(initialState: Feature.State, feature: Feature, clock: StoreClock, drainsAutomatically: Bool) {
    self.storedState = initialState
    self.feature = feature
    self.runtime = StoreRuntime(clock: clock, drainsAutomatically: drainsAutomatically)
    runtime.store = self
  }

  deinit {
    runtime.close()
    effectSubject.onCompleted()
  }

  /// The current state, read without registering an Observation dependency.
  @inlinable public var currentState: Feature.State { storedState }

  /// The effects from the moment iteration starts, each loop its own unbounded buffer.
  ///
  /// A loop ends when the store is cancelled or released.
  public var effect: InfallibleValues<Feature.Effect> { effects.values }

  /// The effects as an `Infallible`: each effect to the subscribers of its moment; completes when the store is
  /// cancelled or released.
  public nonisolated var effects: Infallible<Feature.Effect> { Infallible(raw: effectSubject.asObservable()) }

  /// Handles `command` now: its synchronous part — actions applied, effects emitted — is done when `send`
  /// returns (unless the store is already handling something: then it is queued behind it). For buttons and
  /// SwiftUI `Binding` setters. Costs no `Task` and, in steady state, no allocation.
  ///
  /// After ``cancel()`` commands are ignored.
  @inlinable
  public func send(_ command: Feature.Command) {
    guard !isCancelled else { return ignore(command) }
    guard !isProcessing else { return enqueue(command: command) }
    isProcessing = true
    feature.handle(command, in: StoreContext(store: self))
    finishProcessing()
  }

  @usableFromInline func ignore(_ command: Feature.Command) {
    #if DEBUG
    print("FerryStore: \(command) sent to a cancelled Store<\(Feature.self)> was ignored")
    #endif
  }

  /// Handles `command` and returns when the work it started has finished and what that work sent has been
  /// applied. Cancelling the awaiting task cancels that work (SwiftUI's `.task { await store.dispatchCommand(…) }`
  /// stops a load when the view goes away). Returns at once on a cancelled store.
  public func dispatchCommand(_ command: Feature.Command) async {
    guard !isCancelled else { return }
    let outer = startedWork
    startedWork = []
    send(command)
    let started = startedWork ?? []
    startedWork = outer
    guard !started.isEmpty else { return }
    await withTaskCancellationHandler {
      for work in started { await work.task.value }
    } onCancel: { [runtime] in
      runtime.cancel(tokens: started.map(\.token))
    }
    if runtime.drainsAutomatically { drainInbox() }
  }

  /// Cancels every work of the store and stops it: later commands are ignored and nothing the work sends is
  /// applied. Releasing the store does the same.
  public func cancel() {
    isCancelled = true
    runtime.close()
    effectSubject.onCompleted()
  }

  // MARK: - Handling

  /// Handles `output` now, or queues it behind the output being handled.
  package func process(_ output: StoreOutput<Feature>) {
    guard !isProcessing else { return enqueue(output) }
    isProcessing = true
    perform(output)
    finishProcessing()
  }

  private func enqueue(_ output: StoreOutput<Feature>) {
    queue.append(output)
    hasQueued = true
  }

  @usableFromInline @inline(never) func enqueue(command: Feature.Command) { enqueue(.command(command)) }

  /// Ends the handling step, after what was queued meanwhile.
  ///
  /// The paths taken when nothing was queued, nothing observes commits and nothing is sent from outside a handling
  /// step never touch `StoreOutput<Feature>`, `[StoreOutput<Feature>]` or the observers' array: in this module's
  /// unspecialised code each such use looks their metadata up at run time (about 300 instructions each), so those
  /// uses are kept out of line.
  @inlinable
  func finishProcessing() {
    guard hasQueued else {
      isProcessing = false
      return
    }
    drainQueue()
  }

  @usableFromInline @inline(never) func drainQueue() {
    while queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      perform(next)
    }
    isProcessing = false
    hasQueued = false
    // Released after the flags are reset: an output's deinit may send to the store.
    let handled = queue
    queue = []
    queueHead = 0
    withExtendedLifetime(handled) {}
  }

  private func perform(_ output: StoreOutput<Feature>) {
    switch output {
    case .command(let command):
      guard !isCancelled else { return }
      feature.handle(command, in: StoreContext(store: self))
    case .action(let action): apply(action)
    case .effect(let effect): emit(effect)
    case .failure(let error, let id):
      failedWorkID = id?.value
      defer { failedWorkID = nil }
      feature.handleError(error, in: StoreContext(store: self))
    }
  }

  /// Applies `action` at once (inside handling) or as a new handling step (from outside).
  @inlinable
  func apply(_ action: Feature.Action) {
    guard isProcessing else { return process(action: action) }
    let old = storedState
    let new = Feature.transform(old, action: action)
    guard !Feature.isUnchanged(old, new) else { return }
    registrar.willSet(self, keyPath: stateKeyPath)
    storedState = new
    registrar.didSet(self, keyPath: stateKeyPath)
    acceptCommit?(new)
    if hasCommitObservers { notifyCommitObservers(new) }
  }

  /// Emits `effect` at once (inside handling) or as a new handling step (from outside).
  @inlinable
  func emit(_ effect: Feature.Effect) {
    guard isProcessing else { return process(effect: effect) }
    effectSubject.onNext(effect)
  }

  // Out of line: see `finishProcessing()`.
  @usableFromInline @inline(never) func process(action: Feature.Action) { process(.action(action)) }
  @usableFromInline @inline(never) func process(effect: Feature.Effect) { process(.effect(effect)) }
  @usableFromInline @inline(never) func notifyCommitObservers(_ new: Feature.State) {
    commitObservers.removeAll { !$0(new) }
  }

  /// Applies everything the async work sent, in order (apps: scheduled by the runtime on the main actor).
  func drainInbox() {
    for output in runtime.takeInbox() { process(output) }
  }

  func startWork(
    id: AnyHashable?, policy: WorkPolicy, priority: TaskPriority?,
    operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) {
    guard let work = runtime.start(id: id, policy: policy, priority: priority, operation: operation) else { return }
    startedWork?.append(work)
  }
}

/// Observation tracks ``Store/state`` through the store's registrar (the conformance the `@Observable` macro would
/// have written).
extension Store: Observation.Observable {}
