/// What a feature's synchronous handler works with: the current state, the seeds' verbs, and async work.
///
/// Everything here runs on the main actor and takes effect at once: `dispatchAction` applies the action before it
/// returns (so `state` reads the new state on the next line), `dispatchEffect` emits before it returns.
/// `dispatchCommand` queues the command behind the one being handled (commands never nest).
///
/// A handler that owns a slice of a larger screen gets a context of its own from
/// ``scope(state:action:command:effect:)``.
@MainActor
public struct StoreContext<Feature: StoreFeature> {
  // Usable from inline: `state`, `dispatchAction` and `dispatchEffect` are inlined into the app's handlers with
  // the store's send path (see ``Store``'s cost note).
  @usableFromInline enum Base {
    case store(Store<Feature>)
    case scoped(ScopedContext<Feature>)
  }

  @usableFromInline let base: Base

  @inlinable init(store: Store<Feature>) { base = .store(store) }
  init(scoped: ScopedContext<Feature>) { base = .scoped(scoped) }

  /// The current state (for a scoped context, its slice of the screen's state).
  @inlinable
  public var state: Feature.State {
    switch base {
    case .store(let store): return store.currentState
    case .scoped(let scoped): return scoped.state()
    }
  }

  /// Applies `action` through `Feature.transform` and commits the new state (nothing when it is unchanged).
  @inlinable
  public func dispatchAction(_ action: Feature.Action) {
    switch base {
    case .store(let store): store.apply(action)
    case .scoped(let scoped): scoped.dispatchAction(action)
    }
  }

  /// Emits `effect` to every consumer subscribed now (for a scoped context, routed as its scope says).
  @inlinable
  public func dispatchEffect(_ effect: Feature.Effect) {
    switch base {
    case .store(let store): store.emit(effect)
    case .scoped(let scoped): scoped.dispatchEffect(effect)
    }
  }

  /// Handles `command` once the current command (and anything queued before it) is done.
  public func dispatchCommand(_ command: Feature.Command) {
    switch base {
    case .store(let store): store.send(command)
    case .scoped(let scoped): scoped.dispatchCommand(command)
    }
  }

  /// Runs `operation` concurrently with the store's other work (Rx `flatMap`), off the main actor.
  ///
  /// A thrown error (not a cancellation) goes to the screen feature's ``StoreFeature/handleError(_:in:)``. The work
  /// is cancelled when the store is released or cancelled, and when the task awaiting ``Store/dispatchCommand(_:)``
  /// is cancelled.
  public func run(
    priority: TaskPriority? = nil, _ operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) {
    startWork(id: nil, policy: .flatMap, priority: priority, operation: operation)
  }

  /// Runs `operation` off the main actor under `policy` with respect to other work with the same `id`.
  ///
  /// ```swift
  /// context.run(id: "search", .debounce(.milliseconds(300))) { send in … }
  /// ```
  ///
  /// - Precondition: the policy's time (a debounce due time, a throttle period) is not negative; the message names
  ///   the policy and the value, in release builds too. Any longer time is honoured, `.seconds(Int64.max)`
  ///   included (the store waits in steps its clock can represent, until the work is cancelled).
  public func run(
    id: some Hashable & Sendable, _ policy: WorkPolicy = .flatMap, priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) {
    policy.checkArguments()
    startWork(id: AnyHashable(id), policy: policy, priority: priority, operation: operation)
  }

  /// Cancels the work started with `id` (running, waiting or queued); what it sends afterwards is dropped.
  public func cancel(id: some Hashable & Sendable) { cancel(anyID: AnyHashable(id)) }

  /// In ``StoreFeature/handleError(_:in:)``: the id the failing work was started with (``run(id:_:priority:_:)``),
  /// so that a retry knows what to retry; `nil` for work started without an id, and outside `handleError`.
  ///
  /// Work a scoped handler started carries its scope in its id; a context scoped as the handler's was (the same
  /// ``scope(state:action:command:effect:)`` call) reads the handler's own id.
  public var failedWorkID: AnyHashable? {
    switch base {
    case .store(let store): return store.failedWorkID
    case .scoped(let scoped): return scoped.failedWorkID()
    }
  }

  /// Cancels every work of this store — for a scoped context, of this scope — that is in flight (running, waiting
  /// or queued) when it is called, with or without an id; what it sends afterwards is dropped. The store stays
  /// usable: work started afterwards runs as usual. (``Store/cancel()`` instead ends the store for good.)
  ///
  /// ```swift
  /// case .disappear: context.cancelAll()
  /// ```
  public func cancelAll() { cancel(matching: { _ in true }) }

  func startWork(
    id: AnyHashable?, policy: WorkPolicy, priority: TaskPriority?,
    operation: @escaping @Sendable (StoreSend<Feature>) async throws -> Void
  ) {
    switch base {
    case .store(let store): store.startWork(id: id, policy: policy, priority: priority, operation: operation)
    case .scoped(let scoped): scoped.startWork(id, policy, priority, operation)
    }
  }

  func cancel(anyID id: AnyHashable) {
    switch base {
    case .store(let store): store.runtime.cancel(id: id)
    case .scoped(let scoped): scoped.cancel(id)
    }
  }

  /// Cancels the works whose id, as this context sees it, satisfies `matches` (`nil`: work without an id).
  func cancel(matching matches: @escaping (AnyHashable?) -> Bool) {
    switch base {
    case .store(let store): store.runtime.cancel(where: matches)
    case .scoped(let scoped): scoped.cancelMatching(matches)
    }
  }
}

/// Where a scoped handler's effect goes in the screen's store.
public enum ScopedEffectRoute<Feature: StoreFeature> {
  /// Emit this effect of the screen.
  case effect(Feature.Effect)
  /// Handle this command of the screen (one handler sending to another).
  case command(Feature.Command)
  /// Apply this action of the screen.
  case action(Feature.Action)
  /// Drop the effect.
  case none
}

extension StoreContext {
  /// A context for a handler that owns a slice of this feature's state, so a large screen's feature can be built
  /// from several handlers (each a ``StoreFeature`` of its own).
  ///
  /// The child reads its slice through `state`; its actions are wrapped by `action` and applied by this feature's
  /// `transform` (which hands them to `Child.transform` for the slice), its commands are wrapped by `command`, and
  /// each of its effects goes where `effect` routes it — an effect of this screen, or a command to another handler.
  /// Its async work runs in this store, with ids of its own (they cannot collide with another scope's), and its
  /// errors go to this screen's ``StoreFeature/handleError(_:in:)``.
  ///
  /// ```swift
  /// case .cart(let command):
  ///   cart.handle(command, in: context.scope(
  ///     state: \.cart, action: Action.cart, command: Command.cart,
  ///     effect: { effect in
  ///       switch effect {
  ///       case .itemAdded(let item): .command(.recommendations(.refresh(after: item)))  // to another handler
  ///       case .alert(let message): .effect(.alert(message))
  ///       }
  ///     }))
  /// ```
  public func scope<Child: StoreFeature>(
    state: KeyPath<Feature.State, Child.State>,
    action: @escaping @Sendable (Child.Action) -> Feature.Action,
    command: @escaping @Sendable (Child.Command) -> Feature.Command,
    effect: @escaping @Sendable (Child.Effect) -> ScopedEffectRoute<Feature>
  ) -> StoreContext<Child> {
    let parent = self
    nonisolated(unsafe) let statePath = state  // a key path is immutable; read on the main actor only
    let namespace = AnyHashable(statePath)
    let route: @Sendable (Child.Effect) -> StoreOutput<Feature>? = { childEffect in
      switch effect(childEffect) {
      case .effect(let effect): return .effect(effect)
      case .command(let command): return .command(command)
      case .action(let action): return .action(action)
      case .none: return nil
      }
    }
    let scoped = ScopedContext<Child>(
      state: { parent.state[keyPath: statePath] },
      dispatchAction: { parent.dispatchAction(action($0)) },
      dispatchEffect: { childEffect in
        switch route(childEffect) {
        case .effect(let effect): parent.dispatchEffect(effect)
        case .command(let command): parent.dispatchCommand(command)
        case .action(let action): parent.dispatchAction(action)
        case .failure, nil: break
        }
      },
      dispatchCommand: { parent.dispatchCommand(command($0)) },
      startWork: { id, policy, priority, operation in
        // Work without an id gets a unique one in the scope (alone under its id, `.flatMap` runs it as work
        // without an id would), so that `cancelAll()` in the scope finds it.
        let scopedID = AnyHashable([namespace, id ?? AnyHashable(UnnamedScopedWork.next())])
        parent.startWork(id: scopedID, policy: policy, priority: priority) { send in
          let childSend = StoreSend<Child>(
            output: { output in
              switch output {
              case .action(let childAction): send.output(.action(action(childAction)))
              case .command(let childCommand): send.output(.command(command(childCommand)))
              case .effect(let childEffect): if let routed = route(childEffect) { send.output(routed) }
              case .failure(let error, let id): send.output(.failure(error, workID: id))
              }
            },
            isLive: send.isLive)
          try await operation(childSend)
        }
      },
      cancel: { parent.cancel(anyID: AnyHashable([namespace, $0])) },
      failedWorkID: {
        guard let path = parent.failedWorkID?.base as? [AnyHashable], path.count == 2, path[0] == namespace,
          !(path[1].base is UnnamedScopedWork)
        else { return nil }
        return path[1]
      },
      cancelMatching: { matches in
        parent.cancel(matching: { id in
          guard let path = id?.base as? [AnyHashable], path.count == 2, path[0] == namespace else { return false }
          return matches(path[1].base is UnnamedScopedWork ? nil : path[1])
        })
      })
    return StoreContext<Child>(scoped: scoped)
  }
}

extension StoreContext {
  /// A context for a handler that owns a slice of this feature's state and has no effects; see
  /// ``scope(state:action:command:effect:)``.
  public func scope<Child: StoreFeature>(
    state: KeyPath<Feature.State, Child.State>,
    action: @escaping @Sendable (Child.Action) -> Feature.Action,
    command: @escaping @Sendable (Child.Command) -> Feature.Command
  ) -> StoreContext<Child> where Child.Effect == Never {
    scope(state: state, action: action, command: command, effect: absurd)
  }
}

/// The route of an effect that cannot exist (a child whose `Effect` is `Never`).
private func absurd<Feature: StoreFeature>(_ effect: Never) -> ScopedEffectRoute<Feature> {}

/// The verbs of a scoped context, forwarding to its parent context.
@MainActor
@usableFromInline
final class ScopedContext<Feature: StoreFeature> {
  typealias Operation = @Sendable (StoreSend<Feature>) async throws -> Void

  @usableFromInline let state: () -> Feature.State
  @usableFromInline let dispatchAction: (Feature.Action) -> Void
  @usableFromInline let dispatchEffect: (Feature.Effect) -> Void
  let dispatchCommand: (Feature.Command) -> Void
  let startWork: (AnyHashable?, WorkPolicy, TaskPriority?, @escaping Operation) -> Void
  let cancel: (AnyHashable) -> Void
  let failedWorkID: () -> AnyHashable?
  let cancelMatching: (@escaping (AnyHashable?) -> Bool) -> Void

  init(
    state: @escaping () -> Feature.State, dispatchAction: @escaping (Feature.Action) -> Void,
    dispatchEffect: @escaping (Feature.Effect) -> Void, dispatchCommand: @escaping (Feature.Command) -> Void,
    startWork: @escaping (AnyHashable?, WorkPolicy, TaskPriority?, @escaping Operation) -> Void,
    cancel: @escaping (AnyHashable) -> Void, failedWorkID: @escaping () -> AnyHashable?,
    cancelMatching: @escaping (@escaping (AnyHashable?) -> Bool) -> Void
  ) {
    self.state = state
    self.dispatchAction = dispatchAction
    self.dispatchEffect = dispatchEffect
    self.dispatchCommand = dispatchCommand
    self.startWork = startWork
    self.cancel = cancel
    self.failedWorkID = failedWorkID
    self.cancelMatching = cancelMatching
  }
}

/// The id a scope gives its work started without one: unique, so that it runs alone under it.
struct UnnamedScopedWork: Hashable, Sendable {
  let serial: UInt64

  @MainActor private static var nextSerial: UInt64 = 0

  @MainActor static func next() -> UnnamedScopedWork {
    nextSerial &+= 1
    return UnnamedScopedWork(serial: nextSerial)
  }
}
