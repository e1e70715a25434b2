import ExamplesLegacy
import Ferry
import FerryStore

/// What the user did on the place detail screen.
public enum PlaceDetailCommand: Sendable, Equatable {
  /// The screen appeared: follow the repository's results.
  case appear
  /// Look up `key`.
  case refresh(key: String)
}

/// The migrated place detail screen: follows the actor repository's async sequence of results.
public struct PlaceDetailFeature: StoreFeature {
  /// What the screen shows (the legacy view model's state type, kept).
  public typealias State = PlaceDetailViewState
  /// What the user did.
  public typealias Command = PlaceDetailCommand
  /// The screen has no one-shot reactions.
  public typealias Effect = Never

  /// A state transition.
  public enum Action: Sendable, Equatable {
    /// The repository published a result.
    case received(PlaceResult)
  }

  private enum WorkID: Hashable, Sendable {
    case follow
  }

  private let repository: AsyncPlaceRepository

  /// The screen over `repository`.
  public init(repository: AsyncPlaceRepository) {
    self.repository = repository
  }

  /// The pure reducer.
  public static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .received(let result): return PlaceDetailViewState(result)
    }
  }

  /// Follows the results (one loop, restarted if the screen appears again) and starts lookups.
  public func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .appear:
      context.run(id: WorkID.follow, .flatMapLatest) { [repository] send in
        for await result in repository.results { send.dispatchAction(.received(result)) }
      }
    case .refresh(let key):
      context.run { [repository] _ in await repository.refresh(key: key) }
    }
  }
}

extension PlaceDetailViewModel {
  /// Feeds the legacy view model's input for `command` (it follows the results from its creation).
  public func dispatch(_ command: PlaceDetailCommand) {
    switch command {
    case .appear: break
    case .refresh(let key): refresh(key: key)
    }
  }
}
