import ExamplesLegacy
import Ferry

/// The Infra layer after the migration: one request, one `async` call.
public protocol AsyncPlaceDataSource: Sendable {
  /// The place for `key`.
  func search(key: String) async throws -> PlaceDetail
}

/// The data source over the stand-in backend, sleeping on `clock`.
public struct ScriptedAsyncPlaceDataSource: AsyncPlaceDataSource {
  private let script: PlaceBackendScript
  private let clock: any Clock<Duration>

  /// A data source answering as `script` says.
  public init(script: PlaceBackendScript, clock: any Clock<Duration> = ContinuousClock()) {
    self.script = script
    self.clock = clock
  }

  /// The scripted answer for `key`.
  public func search(key: String) async throws -> PlaceDetail {
    let answer = script.answer(for: key)
    try await clock.sleep(for: .seconds(answer.latency))
    return try answer.result.get()
  }
}

/// The repository as an actor. Its one source of truth is a current-value relay; it is read two ways:
///
/// - ``results``: a non-throwing async sequence of the latest result and every later one (`for await`, no `try`),
///   for migrated consumers;
/// - ``observe()``: the same values as an `Observable`, for consumers not yet migrated — with ``fetch(key:)``, the
///   actor conforms to the legacy `PlaceRepositoryInterface`, so a legacy view model takes it unchanged.
///
/// Both read the same relay, so every consumer sees the same values in the same order.
public actor AsyncPlaceRepository {
  private let latest = BehaviorRelay<PlaceResult?>(value: nil)
  private let dataSource: any AsyncPlaceDataSource

  /// A repository over `dataSource`.
  public init(dataSource: any AsyncPlaceDataSource) {
    self.dataSource = dataSource
  }

  /// The latest result (if any), then every later one; never fails, never ends. Each loop is its own subscription
  /// and buffers without bound.
  public nonisolated var results: InfallibleValues<PlaceResult> {
    latest.asInfallible().compactMap { $0 }.values
  }

  /// Looks up `key`, publishes the result, and returns when it is published.
  public func refresh(key: String) async {
    do {
      latest.accept(.success(try await dataSource.search(key: key)))
    } catch is CancellationError {
      return
    } catch {
      latest.accept(.failure(error as? PlaceLookupError ?? .unavailable))
    }
  }
}

extension AsyncPlaceRepository: PlaceRepositoryInterface, PlaceRepositoryInput, PlaceRepositoryOutput {
  /// `self`.
  public nonisolated var input: any PlaceRepositoryInput { self }
  /// `self`.
  public nonisolated var output: any PlaceRepositoryOutput { self }

  /// The legacy input: starts ``refresh(key:)`` and returns at once.
  public nonisolated func fetch(key: String) {
    _ = Completable.create(work: { await self.refresh(key: key) }).subscribe()
  }

  /// The legacy output: ``results`` as an `Observable`.
  public nonisolated func observe() -> Observable<PlaceResult> {
    latest.asObservable().compactMap { $0 }
  }
}
