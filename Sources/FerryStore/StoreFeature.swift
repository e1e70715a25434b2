/// One screen's logic and its dependencies, written once per screen: the pure reducer (`transform`) and how each
/// command is handled.
///
/// ```swift
/// struct LoginFeature: StoreFeature {
///   typealias State = ViewState<LoginContent, Never>
///   let auth: AuthService                                        // the seeds' "middlewares"
///
///   static func transform(_ state: State, action: Action) -> State {
///     switch action {
///     case .loginIdInput(let id): return state.mutate(keyPath: \.loginId, value: id)
///     case .passwordInput(let password): return state.mutate(keyPath: \.password, value: password)
///     }
///   }
///
///   func handle(_ command: Command, in context: StoreContext<Self>) {
///     switch command {
///     case .inputLoginId(let id): context.dispatchAction(.loginIdInput(id))   // applied before `send` returns
///     case .inputPassword(let password): context.dispatchAction(.passwordInput(password))
///     case .logIn:
///       guard let content = context.state.content else { return }
///       context.run(id: "login", .flatMapLatest) { [auth] send in            // async work, off the main actor
///         send.dispatchEffect(.showProgress)
///         defer { send.dispatchEffect(.dismissProgress) }
///         let userId = try await auth.logIn(id: content.loginId, password: content.password)
///         send.dispatchEffect(.complete(userId: userId))
///       }
///     }
///   }
///
///   func handleError(_ error: any Error, in context: StoreContext<Self>) {
///     context.dispatchEffect(.presentError(error))
///   }
/// }
/// ```
///
/// `handle` runs synchronously on the main actor: it reads `context.state` and dispatches actions (each applied at
/// once through `transform`) and effects (emitted at once). Work that must `await` is handed to the store with
/// ``StoreContext/run(priority:_:)`` or ``StoreContext/run(id:_:priority:_:)`` under a ``WorkPolicy``; its actions,
/// effects and errors come back to the main actor in the order the work sent them.
public protocol StoreFeature: StoreFeatureMetatype {
  /// What the screen shows.
  associatedtype State: Sendable
  /// What the user did (or another part of the app asked for).
  associatedtype Command: Sendable
  /// A state transition, applied by ``transform(_:action:)``.
  associatedtype Action: Sendable
  /// A one-shot reaction of the view that does not change state (progress, alert, navigation).
  associatedtype Effect: Sendable

  /// The pure reducer: the state after `action`.
  static func transform(_ state: State, action: Action) -> State

  /// Handles `command` synchronously: read `context.state`, dispatch actions and effects, and start async work.
  @MainActor func handle(_ command: Command, in context: StoreContext<Self>)

  /// Handles an error thrown by async work (never a cancellation): the seeds dispatch `.presentError(error)`.
  ///
  /// Called on the main actor after everything the failing work sent before it; `context.failedWorkID` is the id
  /// the failing work was started with. The default implementation prints
  /// the error in debug builds: implement it so that no failure goes unseen.
  @MainActor func handleError(_ error: any Error, in context: StoreContext<Self>)

  /// Whether `new` is the same state as `old`, in which case an action commits nothing (no Observation change, no
  /// element on the state `Driver`). The default is `==` for `Equatable` state and `false` otherwise.
  static func isUnchanged(_ old: State, _ new: State) -> Bool
}

extension StoreFeature {
  /// Prints the error in debug builds.
  @MainActor public func handleError(_ error: any Error, in context: StoreContext<Self>) {
    #if DEBUG
    print("FerryStore: \(Self.self) has no handleError(_:in:); an error of its async work was dropped: \(error)")
    #endif
  }

  /// `false`: without `Equatable` state every action commits.
  public static func isUnchanged(_ old: State, _ new: State) -> Bool { false }
}

extension StoreFeature where State: Equatable {
  /// `old == new`.
  public static func isUnchanged(_ old: State, _ new: State) -> Bool { old == new }
}

#if compiler(>=6.2)
/// A feature's type is used from its store's work off the main actor (`SendableMetatype`, Swift 6.2 and later).
public protocol StoreFeatureMetatype: SendableMetatype {}
#else
/// A feature's type is used from its store's work off the main actor.
public protocol StoreFeatureMetatype {}
#endif
