import Dispatch
import ExamplesLegacy

#if FERRY_OPENCOMBINE
import OpenCombine
import OpenCombineDispatch
#elseif canImport(Combine)
import Combine
#endif

// Seed 004 as its team wrote it in Combine: layers split into input (requests, no result) and output (publishers
// to observe); the data source answers each request with its own publisher; the repository keeps the latest result
// in a `CurrentValueSubject`, its only store.

/// The Infra layer: one request, one publisher.
public protocol PlaceDetailDataSource {
  /// The place for `key`.
  func getPlace(key: String) -> AnyPublisher<PlaceDetail, PlaceLookupError>
}

/// The data source over the stand-in backend, its latencies on `scheduler`.
public final class ScriptedPlaceDetailDataSource<S: Scheduler>: PlaceDetailDataSource {
  private let script: PlaceBackendScript
  private let scheduler: S

  /// A data source answering as `script` says.
  public init(script: PlaceBackendScript, scheduler: S) {
    self.script = script
    self.scheduler = scheduler
  }

  /// The scripted answer for `key`.
  public func getPlace(key: String) -> AnyPublisher<PlaceDetail, PlaceLookupError> {
    let answer = script.answer(for: key)
    return Just(())
      .setFailureType(to: PlaceLookupError.self)
      .delay(for: .seconds(answer.latency), scheduler: scheduler)
      .flatMap { _ -> AnyPublisher<PlaceDetail, PlaceLookupError> in
        switch answer.result {
        case .success(let place): return Just(place).setFailureType(to: PlaceLookupError.self).eraseToAnyPublisher()
        case .failure(let error): return Fail(error: error).eraseToAnyPublisher()
        }
      }
      .eraseToAnyPublisher()
  }
}

/// The repository's input: requests, without a result.
public protocol PlaceRepositoryInputs {
  /// Looks up `key`; the result arrives through the output.
  func fetch(key: String)
}

/// The repository's output: the latest result, to observe.
public protocol PlaceRepositoryOutputs {
  /// The latest result now (if any) and every later one.
  func observe() -> AnyPublisher<PlaceResult, Never>
}

/// Input and output together.
public protocol PlaceRepositoryInterfaces {
  /// Where requests go.
  var input: PlaceRepositoryInputs { get }
  /// Where results come from.
  var output: PlaceRepositoryOutputs { get }
}

/// The repository: a `CurrentValueSubject` is the only place the result is kept, so no other copy can drift; the
/// input subscribes the data source's publisher on a background scheduler and sends its result to the subject.
public final class PlaceSubjectRepository<S: Scheduler>: PlaceRepositoryInterfaces {
  /// `self`.
  public var input: PlaceRepositoryInputs { self }
  /// `self`.
  public var output: PlaceRepositoryOutputs { self }

  private let subject = CurrentValueSubject<PlaceResult?, Never>(nil)
  private let dataSource: PlaceDetailDataSource
  private let workScheduler: S
  private var cancellables = Set<AnyCancellable>()

  /// A repository over `dataSource`, subscribing on `workScheduler` (in the app, `DispatchQueue.global()`).
  public init(dataSource: PlaceDetailDataSource, workScheduler: S) {
    self.dataSource = dataSource
    self.workScheduler = workScheduler
  }
}

extension PlaceSubjectRepository: PlaceRepositoryInputs {
  /// Looks up `key` and sends the result to the subject.
  public func fetch(key: String) {
    dataSource.getPlace(key: key)
      .subscribe(on: workScheduler)
      .sink { [subject] completion in
        if case .failure(let error) = completion {
          subject.send(.failure(error))
        }
      } receiveValue: { [subject] place in
        subject.send(.success(place))
      }
      .store(in: &cancellables)
  }
}

extension PlaceSubjectRepository: PlaceRepositoryOutputs {
  /// The subject's results (`nil` is "nothing yet").
  public func observe() -> AnyPublisher<PlaceResult, Never> {
    subject.compactMap { $0 }.eraseToAnyPublisher()
  }
}

#if FERRY_OPENCOMBINE
extension PlaceSubjectRepository where S == DispatchQueue.OCombine {
  /// The app's repository: subscribes on a global queue.
  public convenience init(dataSource: PlaceDetailDataSource) {
    self.init(dataSource: dataSource, workScheduler: DispatchQueue.global().ocombine)
  }
}
#elseif canImport(Combine)
extension PlaceSubjectRepository where S == DispatchQueue {
  /// The app's repository: subscribes on a global queue.
  public convenience init(dataSource: PlaceDetailDataSource) {
    self.init(dataSource: dataSource, workScheduler: DispatchQueue.global())
  }
}
#endif
