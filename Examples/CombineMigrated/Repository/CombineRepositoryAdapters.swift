import CombineExamplesLegacy
import Examples
import ExamplesLegacy
import Ferry
import FerryStore

#if FERRY_OPENCOMBINE
import OpenCombine
import FerryOpenCombine
#elseif canImport(Combine)
import Combine
import FerryCombine
#endif

/// Step 1: the actor repository behind the Combine repository's input/output protocols, so that the Combine
/// screen models run on it unchanged: `fetch(key:)` starts a lookup, `observe()` is the actor's results as a
/// publisher (Ferry's `publisher`, which honours demand and never drops a result).
public final class CombinePlaceRepository: PlaceRepositoryInterfaces, PlaceRepositoryInputs, PlaceRepositoryOutputs,
  Sendable
{
  /// The actor behind the protocols.
  public let repository: AsyncPlaceRepository

  /// Presents `repository` with the Combine surface.
  public init(_ repository: AsyncPlaceRepository) {
    self.repository = repository
  }

  /// `self`.
  public var input: any PlaceRepositoryInputs { self }
  /// `self`.
  public var output: any PlaceRepositoryOutputs { self }

  /// Starts a lookup of `key` on the actor.
  public func fetch(key: String) {
    repository.fetch(key: key)
  }

  /// The latest result (if any), then every later one.
  public func observe() -> AnyPublisher<PlaceResult, Never> {
    repository.observe().asInfallible(onErrorFallbackTo: .empty()).publisher
  }
}

/// Store first: the detail store behind the Combine detail view controller's protocol — its state through
/// `statePublisher`, the user's actions through the Combine façade. The view controller does not change.
public final class PlaceDetailStoreScreenModel: PlaceDetailScreenModelProtocol {
  /// The store's state: the current state on subscription, then every commit.
  public let statePublisher: AnyPublisher<PlaceDetailViewState, Never>
  private let facade: CombineStoreFacade<PlaceDetailFeature>

  /// The old surface over `store`.
  @MainActor
  public init(store: Store<PlaceDetailFeature>) {
    statePublisher = store.statePublisher
    facade = store.combineFacade
  }

  /// Sends `.appear`: the store starts following the repository's results.
  public func onAppear() { facade.dispatchCommand(.appear) }

  /// Sends `.refresh(key:)`.
  public func refresh(key: String) { facade.dispatchCommand(.refresh(key: key)) }
}

extension PlaceDetailScreenModel {
  /// View first: the Combine detail model presented as a `ViewStore` (its `$state`), so that a new SwiftUI detail
  /// view runs on it before the store is migrated.
  @MainActor
  public func viewStore() -> StreamViewStore<PlaceDetailViewState, PlaceDetailCommand, Never> {
    StreamViewStore(
      state: $state, currentState: state, effect: Empty<Never, Never>(),
      dispatch: { [self] command in
        switch command {
        case .appear: self.onAppear()
        case .refresh(let key): self.refresh(key: key)
        }
      })
  }
}
