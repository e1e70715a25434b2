import Ferry
import Observation

/// What a view depends on: the state to show, the effects to react to, and where to send what the user did.
///
/// ``Store`` conforms; so do the adapters that present a legacy stream-based view store to a new view
/// (``StreamViewStore``) and a child store scoped to a slice of its parent (``ScopedStore``). Previews and snapshot
/// tests conform a small mock:
///
/// ```swift
/// @MainActor @Observable final class MockLoginStore: ViewStore {
///   var state: LoginViewState
///   var effect: InfallibleValues<LoginEffect> { PublishRelay<LoginEffect>().values }
///   init(state: LoginViewState) { self.state = state }
///   func dispatchCommand(_ command: LoginCommand) async {}
/// }
/// ```
///
/// `effect` is a concrete sequence type rather than `some AsyncSequence<Effect, Never>` because
/// `AsyncSequence.Failure` needs iOS 18 / macOS 15 and Ferry supports iOS 17 / macOS 14: `for await` on it needs no
/// `try` on every supported system.
@MainActor
public protocol ViewStore<State, Command, Effect>: AnyObject, Observation.Observable {
  /// What the view shows.
  associatedtype State
  /// What the user did.
  associatedtype Command
  /// A one-shot reaction of the view (progress, alert, navigation).
  associatedtype Effect: Sendable

  /// The current state; reading it in a SwiftUI body (or `withObservationTracking`) tracks it.
  var state: State { get }
  /// The effects, from the moment iteration starts: `for await effect in store.effect { … }`.
  var effect: InfallibleValues<Effect> { get }
  /// Handles `command`; returns when the work it started has finished.
  func dispatchCommand(_ command: Command) async
  /// Sends `command` from synchronous code — a button, a SwiftUI `Binding` setter — without waiting for its work.
  ///
  /// ``Store``, ``ScopedStore`` and ``StreamViewStore`` handle the command's synchronous part before `send`
  /// returns. The default implementation, for mocks, starts a task that awaits ``dispatchCommand(_:)``.
  func send(_ command: Command)
}

extension ViewStore {
  /// Starts a task that awaits ``dispatchCommand(_:)`` (a mock's `send`); stores handle `send` synchronously.
  public func send(_ command: Command) {
    Task { await self.dispatchCommand(command) }
  }
}
