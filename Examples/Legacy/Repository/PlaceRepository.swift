import Ferry

/// A place, as the details endpoint returns it.
public struct PlaceDetail: Hashable, Sendable, CustomStringConvertible {
  /// The key the place was looked up with.
  public var key: String
  /// Its display name.
  public var name: String

  /// A place.
  public init(key: String, name: String) {
    self.key = key
    self.name = name
  }

  /// The name, for timelines.
  public var description: String { name }
}

/// Why a lookup failed.
public enum PlaceLookupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No place has this key.
  case notFound(key: String)
  /// The backend could not be reached.
  case unavailable

  /// A short reason, for timelines.
  public var description: String {
    switch self {
    case .notFound(let key): return "notFound(\(key))"
    case .unavailable: return "unavailable"
    }
  }
}

/// The latest lookup result, as the repository publishes it.
public typealias PlaceResult = Result<PlaceDetail, PlaceLookupError>

/// What the stand-in details backend answers for each key (an unknown key: `notFound` after 10 seconds), shared by
/// the legacy data source (`Single`s on a scheduler) and the migrated one (sleeping on a clock).
public struct PlaceBackendScript: Sendable {
  /// The answer for one key.
  public struct Answer: Sendable {
    /// Seconds before the answer.
    public var latency: Int
    /// The answer.
    public var result: PlaceResult

    /// An answer.
    public init(latency: Int, result: PlaceResult) {
      self.latency = latency
      self.result = result
    }
  }

  /// The answers by key.
  public var answers: [String: Answer]

  /// A script.
  public init(answers: [String: Answer]) {
    self.answers = answers
  }

  /// The answer for `key`.
  public func answer(for key: String) -> Answer {
    answers[key] ?? Answer(latency: 10, result: .failure(.notFound(key: key)))
  }
}

/// The Infra layer: one request, one `Single`.
public protocol PlaceDataSource {
  /// The place for `key`.
  func search(key: String) -> Single<PlaceDetail>
}

/// The data source over the stand-in backend, its delays on `scheduler`.
public final class ScriptedPlaceDataSource: PlaceDataSource {
  private let script: PlaceBackendScript
  private let scheduler: SchedulerType

  /// A data source answering as `script` says.
  public init(script: PlaceBackendScript, scheduler: SchedulerType) {
    self.script = script
    self.scheduler = scheduler
  }

  /// The scripted answer for `key`.
  public func search(key: String) -> Single<PlaceDetail> {
    let answer = script.answer(for: key)
    return Single.just(()).delay(.seconds(answer.latency), scheduler: scheduler).flatMap { _ in
      switch answer.result {
      case .success(let place): return Single.just(place)
      case .failure(let error): return Single.error(error)
      }
    }
  }
}

/// The repository's input: requests, without a result (seed 004).
public protocol PlaceRepositoryInput {
  /// Looks up `key`; the result arrives through the output.
  func fetch(key: String)
}

/// The repository's output: the latest result, to observe.
public protocol PlaceRepositoryOutput {
  /// The latest result now (if any) and every later one.
  func observe() -> Observable<PlaceResult>
}

/// Input and output together.
public protocol PlaceRepositoryInterface {
  /// Where requests go.
  var input: PlaceRepositoryInput { get }
  /// Where results come from.
  var output: PlaceRepositoryOutput { get }
}

/// The repository as the team wrote it: a current-value relay is the only place the result is kept, the input
/// subscribes the data source's `Single` on a background scheduler and puts its result in the relay.
public final class PlaceRepository: PlaceRepositoryInterface {
  /// `self`.
  public var input: PlaceRepositoryInput { self }
  /// `self`.
  public var output: PlaceRepositoryOutput { self }

  private let relay = BehaviorRelay<PlaceResult?>(value: nil)
  private let dataSource: PlaceDataSource
  private let workScheduler: ImmediateSchedulerType
  private let disposeBag = DisposeBag()

  /// A repository over `dataSource`, subscribing on `workScheduler` (in the app, a
  /// `ConcurrentDispatchQueueScheduler(qos: .default)`).
  public init(dataSource: PlaceDataSource, workScheduler: ImmediateSchedulerType? = nil) {
    self.dataSource = dataSource
    self.workScheduler = workScheduler ?? ConcurrentDispatchQueueScheduler(qos: .default)
  }
}

extension PlaceRepository: PlaceRepositoryInput {
  /// Looks up `key` and publishes the result.
  public func fetch(key: String) {
    dataSource.search(key: key)
      .subscribe(on: workScheduler)
      .subscribe(
        onSuccess: { [relay] place in relay.accept(.success(place)) },
        onFailure: { [relay] error in relay.accept(.failure(error as? PlaceLookupError ?? .unavailable)) }
      )
      .disposed(by: disposeBag)
  }
}

extension PlaceRepository: PlaceRepositoryOutput {
  /// The relay's results.
  public func observe() -> Observable<PlaceResult> {
    relay.asObservable().compactMap { $0 }
  }
}
