import Ferry
import FerryTesting
import Foundation
import Testing

// README.md's relay-based view model (ReadmeSettingsViewModel.swift), compiled in Swift 5 language mode, where
// RxSwift-era code lives: `SettingsAPI` need not be `Sendable`.

enum ViewState: Equatable, Sendable {
  case loading, loaded(String), failed
}

protocol SettingsAPI {
  func fetch() -> Single<String>
}

/// Answers each call with the next of `answers` (`nil`: an error).
final class FakeSettingsAPI: SettingsAPI, @unchecked Sendable {  // `@unchecked`: `calls` is guarded by `lock`
  private let answers: [String?]
  private let lock = NSLock()
  private var calls = 0

  init(answers: [String?]) { self.answers = answers }

  func fetch() -> Single<String> {
    let answer = lock.withLock {
      defer { calls += 1 }
      return answers[calls]
    }
    return answer.map { Single.just($0) } ?? Single.error(MarbleError("offline"))
  }
}

@MainActor
@Suite struct ReadmeSettingsExample {
  @Test func reloadFetchesTheSettingsAndRecoversFromAFailure() throws {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
      let reload = scheduler.createHotObservable([.next(210, ()), .next(300, ())])
      let api = FakeSettingsAPI(answers: ["dark", nil])
      let viewModel = SettingsViewModel(reload: reload.asSignal(onErrorSignalWith: .empty()), api: api)
      let observer = scheduler.start { viewModel.viewState.asObservable() }
      // Each sharing-scheduler hop costs one tick on a TestScheduler: the reload Signal's, then the Driver's.
      #expect(observer.events == [.next(201, .loading), .next(212, .loaded("dark")), .next(302, .failed)])
    }
  }
}
