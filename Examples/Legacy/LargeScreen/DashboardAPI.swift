import Ferry

/// A vehicle of the catalog.
public struct CatalogItem: Hashable, Sendable, CustomStringConvertible {
  /// Identifies the vehicle.
  public var id: Int
  /// Its name.
  public var name: String

  /// A vehicle.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  /// The name, for timelines.
  public var description: String { name }
}

/// What the stand-in dashboard backend answers, shared by the legacy API (`Single`s on a scheduler) and the
/// migrated service (sleeping on a clock).
public struct DashboardBackendScript: Sendable {
  /// The signed-in user's name.
  public var userName: String
  /// Seconds before the profile answers.
  public var profileLatency: Int
  /// The catalog.
  public var catalog: [CatalogItem]
  /// Seconds before the catalog answers.
  public var catalogLatency: Int
  /// Whether the profile request fails (after its latency).
  public var profileFails: Bool

  /// A script.
  public init(
    userName: String, profileLatency: Int, catalog: [CatalogItem], catalogLatency: Int, profileFails: Bool = false
  ) {
    self.userName = userName
    self.profileLatency = profileLatency
    self.catalog = catalog
    self.catalogLatency = catalogLatency
    self.profileFails = profileFails
  }
}

/// The profile request failed.
public struct DashboardAPIError: Error, Equatable, Sendable {
  /// The error.
  public init() {}
}

/// The dashboard's endpoints, as the app called them (the seed's Interactor).
public protocol DashboardAPI {
  /// The signed-in user's name.
  func userName() -> Single<String>
  /// The catalog.
  func catalog() -> Single<[CatalogItem]>
}

/// The API over the stand-in backend, its delays on `scheduler`.
public final class ScriptedDashboardAPI: DashboardAPI {
  private let script: DashboardBackendScript
  private let scheduler: SchedulerType

  /// An API answering as `script` says.
  public init(script: DashboardBackendScript, scheduler: SchedulerType) {
    self.script = script
    self.scheduler = scheduler
  }

  /// The scripted name (or failure).
  public func userName() -> Single<String> {
    let script = self.script
    return Single.just(()).delay(.seconds(script.profileLatency), scheduler: scheduler).flatMap { _ in
      script.profileFails ? Single.error(DashboardAPIError()) : Single.just(script.userName)
    }
  }

  /// The scripted catalog.
  public func catalog() -> Single<[CatalogItem]> {
    Single.just(script.catalog).delay(.seconds(script.catalogLatency), scheduler: scheduler)
  }
}
