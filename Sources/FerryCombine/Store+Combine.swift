#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
import Ferry
import FerryStore

// New store → Combine-era view controller or view model: the store's state and effects as publishers. They emit
// synchronously from each commit, in order, on the main thread — the same stream as `stateDriver` /
// `effectSignal`, not Observation (which coalesces changes and delivers them later).

extension Store {
  /// The state as a publisher: the current state on subscription, then one element per committed state, emitted
  /// synchronously from the commit on the main thread.
  ///
  /// Note the timing against `@Published`: a `@Published` property emits in `willSet`, so a sink that reads the
  /// object sees the *old* value; this publisher emits after the commit (`didSet`), so a sink that reads
  /// `store.state` sees the new one.
  public var statePublisher: AnyPublisher<Feature.State, Never> { stateDriver.publisher }

  /// One key path of the state as a publisher of distinct values: the drop-in for a view model's `$field`.
  ///
  /// The current value on subscription, then each committed value that differs from the previous one, synchronously
  /// from the commit (`didSet` semantics; see ``statePublisher``).
  ///
  /// ```swift
  /// store.publisher(\.tasks).sink { [weak self] in self?.reload($0) }.store(in: &cancellables)
  /// ```
  public func publisher<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Feature.State, Value>
  ) -> AnyPublisher<Value, Never> {
    driver(keyPath).publisher
  }

  /// The effects as a publisher: each effect, synchronously from its emission, to the subscribers of that moment
  /// (the drop-in for a `PassthroughSubject` of navigation or alerts).
  public var effectPublisher: AnyPublisher<Feature.Effect, Never> { effectSignal.publisher }

  /// This store with the surface of a Combine-era view model (see ``CombineStoreFacade``).
  public var combineFacade: CombineStoreFacade<Feature> { CombineStoreFacade(self) }
}

/// A store presented with the surface of a Combine-era view model — `state` and `effect` as `AnyPublisher`s,
/// `currentState`, a non-async `dispatchCommand(_:)` — so that an existing view controller, and its tests, run
/// unchanged on the new store.
///
/// Conform the app's own protocol with an empty extension:
///
/// ```swift
/// protocol TodoListViewModelType {                       // the app's, unchanged
///   var state: AnyPublisher<TodoListState, Never> { get }
///   var effect: AnyPublisher<TodoListEffect, Never> { get }
///   var currentState: TodoListState { get }
///   func dispatchCommand(_ command: TodoListCommand)
/// }
/// extension CombineStoreFacade: TodoListViewModelType where Feature == TodoFeature {}
///
/// let viewController = TodoListViewController(viewModel: store.combineFacade)
/// ```
///
/// It is the Rx façade (``LegacyStoreFacade``) with publishers: not isolated to the main actor, readable from any
/// thread; `dispatchCommand` handles the command at once on the main thread and hands it to the main actor from
/// any other.
public final class CombineStoreFacade<Feature: StoreFeature>: Sendable {
  /// The Rx façade this one presents as publishers.
  public let legacy: LegacyStoreFacade<Feature>

  /// Presents `store` with the Combine surface.
  @MainActor
  public init(_ store: Store<Feature>) {
    self.legacy = LegacyStoreFacade(store)
  }

  /// The store behind the façade.
  public var store: Store<Feature> { legacy.store }

  /// The state as a publisher (see ``Store/statePublisher``).
  public var state: AnyPublisher<Feature.State, Never> { legacy.state.publisher }

  /// The effects as a publisher (see ``Store/effectPublisher``).
  public var effect: AnyPublisher<Feature.Effect, Never> { legacy.effect.publisher }

  /// The last committed state, readable from any thread.
  public var currentState: Feature.State { legacy.currentState }

  /// Sends `command` to the store without waiting for its async work.
  public func dispatchCommand(_ command: Feature.Command) {
    legacy.dispatchCommand(command)
  }
}

extension StreamViewStore {
  /// Wraps a Combine-era view model — its state and effect publishers and a dispatch function — as a ``ViewStore``
  /// for a new SwiftUI view, when `State` is not `Equatable`: every element of `state` is a change.
  ///
  /// ```swift
  /// let store = StreamViewStore(
  ///   state: viewModel.$state, currentState: viewModel.state, effect: viewModel.effects,
  ///   dispatch: { viewModel.dispatch($0) }
  /// )
  /// ```
  ///
  /// The publishers are bridged as a `Driver` and a `Signal` (`asInfallible().asDriver()`): see the Driver form's
  /// documentation for the rules. A `@Published` property's publisher emits in `willSet`; the adapter's ``state`` is
  /// the emitted value, so it is current when the view reads it.
  ///
  /// - Parameters:
  ///   - state: the view model's state publisher (subscribed to now, until the adapter is released).
  ///   - currentState: the view model's current state, the adapter's state until `state` delivers.
  ///   - effect: the view model's effects, subscribed to by each `for await` loop over ``effect``.
  ///   - dispatch: the view model's input, called on the main actor for each command.
  public convenience init<StatePublisher: Publisher, EffectPublisher: Publisher>(
    state: StatePublisher, currentState: @autoclosure () -> State, effect: EffectPublisher,
    dispatch: @escaping @MainActor (Command) -> Void
  )
  where
    StatePublisher.Output == State, StatePublisher.Failure == Never,
    EffectPublisher.Output == Effect, EffectPublisher.Failure == Never
  {
    self.init(
      state: state.asInfallible().asDriver(), currentState: currentState(), effect: effect.asInfallible().asSignal(),
      dispatch: dispatch
    )
  }

  /// Wraps a Combine-era view model as a ``ViewStore`` when `State` is `Equatable`: an element of `state` equal to
  /// the current state is not a change (no Observation notification).
  ///
  /// - Parameters:
  ///   - state: the view model's state publisher (subscribed to now, until the adapter is released).
  ///   - currentState: the view model's current state, the adapter's state until `state` delivers.
  ///   - effect: the view model's effects, subscribed to by each `for await` loop over ``effect``.
  ///   - dispatch: the view model's input, called on the main actor for each command.
  public convenience init<StatePublisher: Publisher, EffectPublisher: Publisher>(
    state: StatePublisher, currentState: @autoclosure () -> State, effect: EffectPublisher,
    dispatch: @escaping @MainActor (Command) -> Void
  )
  where
    State: Equatable,
    StatePublisher.Output == State, StatePublisher.Failure == Never,
    EffectPublisher.Output == Effect, EffectPublisher.Failure == Never
  {
    self.init(
      state: state.asInfallible().asDriver(), currentState: currentState(), effect: effect.asInfallible().asSignal(),
      dispatch: dispatch
    )
  }
}
#endif
