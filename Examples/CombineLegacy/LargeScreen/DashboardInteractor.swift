import ExamplesLegacy

#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

/// The dashboard's Interactor (seed 001, first generation): the API requests, each a one-shot publisher.
public protocol DashboardInteractorProtocol {
  /// The signed-in user's name.
  func fetchUserName() -> AnyPublisher<String, Error>
  /// The catalog.
  func fetchCatalog() -> AnyPublisher<[CatalogItem], Error>
}

/// The Interactor over the stand-in backend, its latencies on `scheduler`.
public final class ScriptedDashboardInteractor<S: Scheduler>: DashboardInteractorProtocol {
  private let script: DashboardBackendScript
  private let scheduler: S

  /// An Interactor answering as `script` says.
  public init(script: DashboardBackendScript, scheduler: S) {
    self.script = script
    self.scheduler = scheduler
  }

  /// The scripted name (or failure).
  public func fetchUserName() -> AnyPublisher<String, Error> {
    let script = self.script
    return Just(())
      .setFailureType(to: Error.self)
      .delay(for: .seconds(script.profileLatency), scheduler: scheduler)
      .tryMap { _ in
        if script.profileFails { throw DashboardAPIError() }
        return script.userName
      }
      .eraseToAnyPublisher()
  }

  /// The scripted catalog.
  public func fetchCatalog() -> AnyPublisher<[CatalogItem], Error> {
    Just(script.catalog)
      .setFailureType(to: Error.self)
      .delay(for: .seconds(script.catalogLatency), scheduler: scheduler)
      .eraseToAnyPublisher()
  }
}
