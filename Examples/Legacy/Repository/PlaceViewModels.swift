import Ferry

/// The place summary (a list header): the name of the latest place, or why there is none.
public final class PlaceSummaryViewModel {
  /// The header text.
  public let title: Driver<String>
  private let repository: PlaceRepositoryInterface

  /// A summary of `repository`'s results.
  public init(repository: PlaceRepositoryInterface) {
    self.repository = repository
    title = repository.output.observe()
      .map { PlaceSummaryViewModel.title(for: $0) }
      .startWith(PlaceSummaryViewModel.placeholder)
      .asDriver(onErrorDriveWith: .empty())
  }

  /// The header before any result.
  public static let placeholder = "—"

  /// The header for `result`.
  public static func title(for result: PlaceResult) -> String {
    switch result {
    case .success(let place): return place.name
    case .failure: return "Unavailable"
    }
  }

  /// Pull to refresh with `key`.
  public func refresh(key: String) {
    repository.input.fetch(key: key)
  }
}

/// What the place detail screen shows.
public enum PlaceDetailViewState: Hashable, Sendable, CustomStringConvertible {
  /// Nothing looked up yet.
  case idle
  /// The place.
  case loaded(PlaceDetail)
  /// The lookup failed.
  case failed(PlaceLookupError)

  /// The state for `result`.
  public init(_ result: PlaceResult) {
    switch result {
    case .success(let place): self = .loaded(place)
    case .failure(let error): self = .failed(error)
    }
  }

  /// A short form, for timelines.
  public var description: String {
    switch self {
    case .idle: return "idle"
    case .loaded(let place): return "loaded(\(place.name))"
    case .failed(let error): return "failed(\(error))"
    }
  }
}

/// The place detail screen's view model: the latest result as a view state.
public final class PlaceDetailViewModel {
  /// The view state.
  public let state: Driver<PlaceDetailViewState>
  private let repository: PlaceRepositoryInterface

  /// A detail screen over `repository`'s results.
  public init(repository: PlaceRepositoryInterface) {
    self.repository = repository
    state = repository.output.observe()
      .map { PlaceDetailViewState($0) }
      .startWith(.idle)
      .asDriver(onErrorDriveWith: .empty())
  }

  /// Looks up `key`.
  public func refresh(key: String) {
    repository.input.fetch(key: key)
  }
}
