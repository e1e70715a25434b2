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
/// `PublishRelay` (in debug builds the store reports the first such effect to ``diagnosticHandler``): subscribe
/// before sending commands whose effects matter, or create the store with `holdsEffectsUntilSubscribed: true` to
/// keep its effects until its first consumer subscribes (a view's `.task` loop starts after `onAppear`).
///
/// **Async work** runs off the main actor under a ``WorkPolicy``; see ``StoreContext/run(id:_:priority:_:)``.
/// Releasing the store cancels all of its work; nothing it sends afterwards is applied.
///
/// **Observation per field.** A view that reads `store.field` (dynamic member lookup over the state) is notified only
/// when that field changes: a commit compares each field read that way, old against new (`==` for an `Equatable`
/// field; a field that is not `Equatable` counts as changed at every commit), and reports a change to Observation
/// for those that differ. A deeper path (`store.address.city`) reads, and so tracks, its top-level field
/// (`address`). Reading ``state`` whole tracks the whole state, as before: every commit notifies its readers. A
/// field named like a member of the store (`state`, `feature`, `effect`, …) is reached through ``state``
/// (`store.state.feature`). Every field read this way has its own Observation key, however many there are. A commit
/// compares only the fields read since their last change: about 50 instructions per field, ten tracked fields adding a quarter to a ten-field state's send.
///
/// ```swift
/// Text(store.title)           // re-rendered when `title` changes, not when another field does
/// ```
///
/// **Cost.** The synchronous path — ``send(_:)``, the context's `dispatchAction` / `dispatchEffect`, the commit and
/// the effect's emission — is `@inlinable`, so it is specialised in the app for its feature's types: run as this
/// module's generic code, each use of `Feature`'s types looked up generic metadata and witness tables at run time.
@MainActor
@dynamicMemberLookup
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

  /// The fields of the state read through dynamic member lookup (`store.field`), in the order they were first read:
  /// one array per property (the commit reads flags and offsets, not closures). Unchecked exclusivity: only accessed
  /// on the main actor, and no access is held across a call (a commit re-reads the arrays by index after each call,
  /// which may append a field).
  @usableFromInline @exclusivity(unchecked) var trackedFields = TrackedFields()
  /// `!trackedFields.keyPaths.isEmpty`, kept apart so that a commit without field readers reads a `Bool`.
  @usableFromInline @exclusivity(unchecked) var hasTrackedFields = false

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
  /// Receives a report of each command and output the store handles, for debugging; `nil` (off) by default.
  ///
  /// Each report names what was handled (a command; an action, effect, command or error sent by work), the actions
  /// it produced, and the state before and after as a line diff (`−` before, `+` after; the diff `TestStore` prints).
  /// Building a report dumps the state twice: set it while debugging, not in production.
  ///
  /// ```swift
  /// store.debugLog = { print($0) }
  /// ```
  public var debugLog: (@MainActor (String) -> Void)? {
    didSet { isLogging = debugLog != nil }
  }
  /// `debugLog != nil`, kept apart so that the send path reads a `Bool`.
  @usableFromInline @exclusivity(unchecked) var isLogging = false
  /// The actions applied in the handling step being reported to ``debugLog``.
  private var loggedActions: [String] = []
  /// Whether effects emitted before the first consumer subscribed (to ``effect``, ``effects``, ``effectSignal`` or an
  /// adapter built on them) are kept and delivered to it, in order, when it does; afterwards effects go to the
  /// consumers of their moment. Set at creation.
  public nonisolated let holdsEffectsUntilSubscribed: Bool
  /// Effects are being held: ``holdsEffectsUntilSubscribed`` and no consumer has subscribed yet.
  @usableFromInline @exclusivity(unchecked) var isHoldingEffects: Bool
  /// The effects held until the first consumer subscribes, oldest first.
  private var heldEffects: [Feature.Effect] = []
  /// The first effect that reached no consumer, waiting to be reported when one subscribes (debug builds).
  @usableFromInline var unheardEffect: String?
  /// An effect that reached no consumer was reported: debug builds report one per store.
  @usableFromInline var reportedUnheardEffect = false
  /// Receives the store's debug-build diagnostics; `nil` prints them. Tests capture them here.
  ///
  /// The one diagnostic: an effect emitted while its effects had no consumer reached nobody, reported when a consumer
  /// then subscribes (the effect a view's `.task` loop missed by subscribing late), once per store. A store whose
  /// effects nobody ever consumes reports nothing.
  public var diagnosticHandler: (@MainActor (String) -> Void)?
  /// Cancelled or released: commands are ignored.
  @usableFromInline @exclusivity(unchecked) private(set) var isCancelled = false

  /// A store showing `initialState`, handling commands with `feature`, timing debounce and throttle on the
  /// continuous clock.
  ///
  /// With `holdsEffectsUntilSubscribed`, effects emitted before the first consumer subscribes are kept for it (see
  /// ``holdsEffectsUntilSubscribed``).
  public convenience init(initialState: Feature.State, feature: Feature, holdsEffectsUntilSubscribed: Bool = false) {
    self.init(
      initialState: initialState, feature: feature, clock: ContinuousClock(),
      holdsEffectsUntilSubscribed: holdsEffectsUntilSubscribed)
  }

  /// A store whose debounce and throttle policies use `clock` (a test clock in tests); with
  /// `holdsEffectsUntilSubscribed`, effects emitted before the first consumer subscribes are kept for it.
  public convenience init<C: Clock>(
    initialState: Feature.State, feature: Feature, clock: C, holdsEffectsUntilSubscribed: Bool = false
  ) where C.Duration == Duration {
    self.init(
      initialState: initialState, feature: feature, clock: StoreClock(clock), drainsAutomatically: true,
      holdsEffectsUntilSubscribed: holdsEffectsUntilSubscribed)
  }

  /// A store on `clock` whose async work's outputs are applied by a main-actor drain (`drainsAutomatically`) or
  /// pulled by a test with `runtime.takeNextOutput()` and `process(_:)` (FerryTesting's `applyQueuedOutputs(on:)`).
  package init(
    initialState: Feature.State, feature: Feature, clock: StoreClock, drainsAutomatically: Bool,
    holdsEffectsUntilSubscribed: Bool = false
  ) {
    self.holdsEffectsUntilSubscribed = holdsEffectsUntilSubscribed
    self.isHoldingEffects = holdsEffectsUntilSubscribed
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
  public nonisolated var effects: Infallible<Feature.Effect> {
    #if DEBUG
    return watchedEffects  // to report an effect that reached nobody before this consumer
    #else
    guard holdsEffectsUntilSubscribed else { return Infallible(raw: effectSubject.asObservable()) }
    return watchedEffects
    #endif
  }

  /// The effects, telling the store when a consumer subscribes.
  private nonisolated var watchedEffects: Infallible<Feature.Effect> {
    let subject = effectSubject
    return Infallible(
      raw: Observable.create { [weak self] observer in
        let subscription = subject.subscribe(observer)
        self?.consumerSubscribed()
        return subscription
      })
  }

  /// A consumer subscribed to the effects: the held effects go out now (on the main thread, so the consumer that
  /// subscribed there gets them before `subscribe` returns) or after a hop to the main actor, and an effect that
  /// reached nobody before is reported.
  private nonisolated func consumerSubscribed() {
    if MainScheduler.isOnMainQueue {
      MainActor.assumeIsolated { consumerArrived() }
    } else {
      Task { @MainActor in self.consumerArrived() }
    }
  }

  private func consumerArrived() {
    releaseHeldEffects()
    reportUnheardEffect()
  }

  /// Stops holding effects and emits the held ones, in order, as one handling step (what they cause is queued
  /// behind them).
  private func releaseHeldEffects() {
    guard isHoldingEffects else { return }
    isHoldingEffects = false
    let held = heldEffects
    heldEffects = []
    for effect in held { process(.effect(effect)) }
  }

  /// Handles `command` now: its synchronous part — actions applied, effects emitted — is done when `send`
  /// returns (unless the store is already handling something: then it is queued behind it). For buttons and
  /// SwiftUI `Binding` setters. Costs no `Task` and, in steady state, no allocation.
  ///
  /// After ``cancel()`` commands are ignored.
  @inlinable
  public func send(_ command: Feature.Command) {
    guard !isCancelled else { return ignore(command) }
    guard !isProcessing else { return enqueue(command: command) }
    guard !isLogging else { return process(command: command) }
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
    guard isLogging else { return performUnlogged(output) }
    let before = storedState
    loggedActions = []
    performUnlogged(output)
    report(output, before: before)
  }

  private func performUnlogged(_ output: StoreOutput<Feature>) {
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
    if isLogging { logAction(action) }
    let old = storedState
    var new = Feature.transform(old, action: action)
    guard !Feature.isUnchanged(old, new) else { return }
    if hasTrackedFields { return commitTrackingFields(old: old, new: &new) }
    registrar.willSet(self, keyPath: stateKeyPath)
    storedState = new
    registrar.didSet(self, keyPath: stateKeyPath)
    acceptCommit?(new)
    if hasCommitObservers { notifyCommitObservers(new) }
  }

  /// ``apply(_:)``'s commit when fields are read through `store.field`: also reports a change of each such field
  /// whose value changed.
  @inlinable
  func commitTrackingFields(old: Feature.State, new: inout Feature.State) {
    let fieldsChanged = markChangedFields(old, &new)
    registrar.willSet(self, keyPath: stateKeyPath)
    if fieldsChanged { willSetChangedFields() }
    storedState = new
    if fieldsChanged { didSetChangedFields() }
    registrar.didSet(self, keyPath: stateKeyPath)
    acceptCommit?(new)
    if hasCommitObservers { notifyCommitObservers(new) }
  }

  /// Emits `effect` at once (inside handling) or as a new handling step (from outside).
  @inlinable
  func emit(_ effect: Feature.Effect) {
    guard isProcessing else { return process(effect: effect) }
    guard !isHoldingEffects else { return hold(effect) }
    #if DEBUG
    if unheardEffect == nil, !reportedUnheardEffect, !effectSubject.hasObservers { recordUnheard(effect) }
    #endif
    effectSubject.onNext(effect)
  }

  // Out of line: see `finishProcessing()`.
  @usableFromInline @inline(never) func process(command: Feature.Command) { process(.command(command)) }
  @usableFromInline @inline(never) func process(action: Feature.Action) { process(.action(action)) }
  @usableFromInline @inline(never) func process(effect: Feature.Effect) { process(.effect(effect)) }
  @usableFromInline @inline(never) func notifyCommitObservers(_ new: Feature.State) {
    commitObservers.removeAll { !$0(new) }
  }

  @usableFromInline @inline(never) func hold(_ effect: Feature.Effect) { heldEffects.append(effect) }

  /// Keeps the first effect emitted while no consumer was subscribed, to report when one subscribes.
  @usableFromInline @inline(never) func recordUnheard(_ effect: Feature.Effect) {
    unheardEffect = String(describing: effect)
  }

  /// Reports, once per store, the effect that reached nobody before a consumer subscribed.
  private func reportUnheardEffect() {
    guard let effect = unheardEffect, !reportedUnheardEffect else { return }
    reportedUnheardEffect = true
    unheardEffect = nil
    let message =
      "FerryStore: Store<\(Feature.self)> emitted \(effect) before a consumer subscribed to its effects: it reached "
      + "nobody (reported once per store). Subscribe before sending, or create the store with "
      + "holdsEffectsUntilSubscribed: true."
    guard let diagnosticHandler else { return print(message) }
    diagnosticHandler(message)
  }

  @usableFromInline @inline(never) func logAction(_ action: Feature.Action) {
    loggedActions.append(String(describing: action))
  }

  /// Reports `output`, the actions it produced and the state it left to ``debugLog``.
  private func report(_ output: StoreOutput<Feature>, before: Feature.State) {
    guard let debugLog else { return }
    let what: String
    switch output {
    case .command(let command): what = "handled command \(command)"
    case .action(let action): what = "applied action \(action)"
    case .effect(let effect): what = "emitted effect \(effect)"
    case .failure(let error, _): what = "handled error \(error) (handleError)"
    }
    let diff = stateDiff(from: before, to: storedState)
    let changed = diff.split(separator: "\n").contains { $0.hasPrefix("−") || $0.hasPrefix("+") }
    var lines = ["FerryStore: Store<\(Feature.self)> \(what)"]
    lines.append(loggedActions.isEmpty ? "  actions: none" : "  actions: " + loggedActions.joined(separator: ", "))
    loggedActions = []
    if changed {
      lines.append("  state (− before, + after):")
      lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
    } else {
      lines.append("  state: unchanged")
    }
    debugLog(lines.joined(separator: "\n"))
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

// MARK: - Observation per field

extension Store {
  /// The fields of the state read through dynamic member lookup, one array per property, indexed alike.
  @usableFromInline
  struct TrackedFields {
    /// The key path from the state, as first read (found again by identity: a key path literal is one object).
    @usableFromInline var keyPaths: [AnyKeyPath] = []
    /// The key path Observation tracks the field by (see `token(forField:)`).
    @usableFromInline var tokens: [KeyPath<Store, Int>] = []
    /// What a commit reads of each field, in one trivial value (no reference counting in its loop).
    @usableFromInline var slots: [FieldSlot] = []
    /// `==` of a stored field's values at two addresses, called only when their bytes differ (`nil` otherwise).
    @usableFromInline var equal: [((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?] = []
    /// Whether a field that is not stored (or not `Equatable`) differs between two states (`nil` otherwise).
    @usableFromInline var changed: [((Feature.State, Feature.State) -> Bool)?] = []

    @usableFromInline init() {}
  }

  /// A tracked field as a commit reads it.
  @usableFromInline
  struct FieldSlot {
    /// Where a stored `Equatable` field is in the state, and its size; `-1` for a field compared by `changed`.
    @usableFromInline var offset: Int
    @usableFromInline var size: Int
    /// Read since its last reported change, so an Observation reader may be waiting for it. Observation forgets a
    /// reader once it has told it of a change (the reader reads again to track again), so a field nobody has read
    /// since its last change has no reader: the commit skips it.
    @usableFromInline var isArmed: Bool
    /// Changed by the commit under way: its `didSet` is due.
    @usableFromInline var isPending: Bool

    @usableFromInline init() {
      offset = -1
      size = 0
      isArmed = false
      isPending = false
    }
  }

  /// The field at `keyPath` of the state: reading it in a SwiftUI body (or `withObservationTracking`) tracks that
  /// field alone, notified when a commit changes its value (compared with `==`).
  ///
  /// ```swift
  /// Text(store.title)   // store.state.title, tracked on its own
  /// ```
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<Feature.State, Value>) -> Value {
    accessField(keyPath) { index in self.describeEquatableField(keyPath, at: index) }
    return storedState[keyPath: keyPath]
  }

  /// The field at `keyPath` of the state, tracked on its own; a value that is not `Equatable` cannot be compared, so
  /// every commit notifies its readers.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<Feature.State, Value>) -> Value {
    accessField(keyPath) { index in
      self.trackedFields.slots[index].offset = -1
      self.trackedFields.changed[index] = { _, _ in true }
    }
    return storedState[keyPath: keyPath]
  }

  /// Registers a read of the field at `keyPath` with Observation (tracking the field from its first read on, when
  /// `describe` fills in how to compare it).
  @inlinable
  func accessField<Value>(_ keyPath: KeyPath<Feature.State, Value>, describe: (Int) -> Void) {
    var index = 0
    let count = trackedFields.keyPaths.count
    while index < count, trackedFields.keyPaths[index] !== keyPath { index += 1 }
    if index == count {
      index = trackField(keyPath)
      if index == count { describe(index) }
    }
    trackedFields.slots[index].isArmed = true
    registrar.access(self, keyPath: trackedFields.tokens[index])
  }

  /// How to compare the `Equatable` field at `keyPath`, tracked at `index`: a stored field byte for byte in place
  /// (equal bytes are an equal value; `==` only when they differ), any other through the key path.
  @inlinable
  func describeEquatableField<Value: Equatable>(_ keyPath: KeyPath<Feature.State, Value>, at index: Int) {
    if let offset = MemoryLayout<Feature.State>.offset(of: keyPath) {
      // `offset(of:)` is non-nil only when the key path names storage of `State`, laid out for `Value` there.
      trackedFields.slots[index].offset = offset
      trackedFields.slots[index].size = MemoryLayout<Value>.size
      trackedFields.equal[index] = { old, new in old.load(as: Value.self) == new.load(as: Value.self) }
    } else {
      trackedFields.slots[index].offset = -1
      trackedFields.changed[index] = { old, new in old[keyPath: keyPath] != new[keyPath: keyPath] }
    }
  }

  /// Adds the field at `keyPath` to the tracked fields (or finds it, read through another key path object equal to
  /// it); returns its index.
  @usableFromInline
  func trackField(_ keyPath: AnyKeyPath) -> Int {
    if let index = trackedFields.keyPaths.firstIndex(of: keyPath) { return index }
    let index = trackedFields.keyPaths.count
    trackedFields.keyPaths.append(keyPath)
    trackedFields.tokens.append(Self.token(forField: index))
    trackedFields.slots.append(FieldSlot())
    trackedFields.equal.append(nil)
    trackedFields.changed.append({ _, _ in true })
    hasTrackedFields = true
    return index
  }

  /// Marks the armed fields whose value differs between `old` (still the stored state) and `new` (and disarms them:
  /// Observation forgets their readers when it reports the change). Returns whether any did.
  @inlinable
  func markChangedFields(_ old: Feature.State, _ new: inout Feature.State) -> Bool {
    Self.markChangedFields(in: &trackedFields, old: old, storedOld: &storedState, new: &new)
  }

  /// ``markChangedFields(_:_:)``'s loop. Both states are read in place, through the `inout` addresses of the stored
  /// state (`old`) and of `new`. Nonisolated, so that its closures are too: a main-actor closure handed to
  /// `withUnsafeBytes` checks at run time that it runs on the main actor, twice per commit.
  @inlinable
  nonisolated static func markChangedFields(
    in fields: inout TrackedFields, old: Feature.State, storedOld: inout Feature.State, new: inout Feature.State
  ) -> Bool {
    withUnsafeBytes(of: &storedOld) { oldBytes in
      withUnsafeBytes(of: &new) { newBytes in
        let oldBase = oldBytes.baseAddress!
        let newBase = newBytes.baseAddress!
        var any = false
        var index = 0
        while index < fields.slots.count {
          let slot = fields.slots[index]
          if slot.isArmed {
            let changed: Bool
            if slot.offset < 0 {
              changed = fields.changed[index]!(old, newBase.assumingMemoryBound(to: Feature.State.self).pointee)
            } else if bytesEqual(oldBase + slot.offset, newBase + slot.offset, count: slot.size) {
              changed = false
            } else {
              changed = !fields.equal[index]!(oldBase + slot.offset, newBase + slot.offset)
            }
            if changed {
              fields.slots[index].isArmed = false
              fields.slots[index].isPending = true
              any = true
            }
          }
          index += 1
        }
        return any
      }
    }
  }

  /// Observation's `willSet` for each field the commit changes. Disarmed before: a reader that reads the field again
  /// from its change handler (during `willSet`) arms it again.
  @inlinable
  func willSetChangedFields() {
    var index = 0
    while index < trackedFields.slots.count {
      if trackedFields.slots[index].isPending { registrar.willSet(self, keyPath: trackedFields.tokens[index]) }
      index += 1
    }
  }

  /// Observation's `didSet` for each field the commit changed.
  @inlinable
  func didSetChangedFields() {
    var index = 0
    while index < trackedFields.slots.count {
      if trackedFields.slots[index].isPending {
        trackedFields.slots[index].isPending = false
        registrar.didSet(self, keyPath: trackedFields.tokens[index])
      }
      index += 1
    }
  }

  /// The key path Observation tracks field `index` by, one per field. The first 16 are properties, whose key paths
  /// hash cheaply (Observation hashes the key path at every access and change); past them, a subscript key path
  /// that carries the index (hashing it also hashes the argument, about twice the cost).
  static func token(forField index: Int) -> KeyPath<Store, Int> {
    switch index {
    case 0: \Store.fieldToken0
    case 1: \Store.fieldToken1
    case 2: \Store.fieldToken2
    case 3: \Store.fieldToken3
    case 4: \Store.fieldToken4
    case 5: \Store.fieldToken5
    case 6: \Store.fieldToken6
    case 7: \Store.fieldToken7
    case 8: \Store.fieldToken8
    case 9: \Store.fieldToken9
    case 10: \Store.fieldToken10
    case 11: \Store.fieldToken11
    case 12: \Store.fieldToken12
    case 13: \Store.fieldToken13
    case 14: \Store.fieldToken14
    case 15: \Store.fieldToken15
    default: \Store.[fieldToken: index]
    }
  }

  /// A tracked field's Observation key past the first 16 (`token(forField:)`); never read for its value.
  nonisolated subscript(fieldToken index: Int) -> Int { index }

  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken0: Int { 0 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken1: Int { 1 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken2: Int { 2 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken3: Int { 3 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken4: Int { 4 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken5: Int { 5 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken6: Int { 6 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken7: Int { 7 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken8: Int { 8 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken9: Int { 9 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken10: Int { 10 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken11: Int { 11 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken12: Int { 12 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken13: Int { 13 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken14: Int { 14 }
  /// A tracked field's Observation key (`token(forField:)`); never read for its value.
  nonisolated var fieldToken15: Int { 15 }
}

/// Whether `count` bytes at `lhs` and `rhs` are equal.
@inlinable
func bytesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
  var offset = 0
  while offset + 8 <= count {
    guard
      lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    else { return false }
    offset += 8
  }
  while offset < count {
    guard lhs.load(fromByteOffset: offset, as: UInt8.self) == rhs.load(fromByteOffset: offset, as: UInt8.self) else {
      return false
    }
    offset += 1
  }
  return true
}

/// Observation tracks ``Store/state`` through the store's registrar (the conformance the `@Observable` macro would
/// have written).
extension Store: Observation.Observable {}
