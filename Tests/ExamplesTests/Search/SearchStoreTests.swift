import Examples
import Ferry
import FerryStore
import FerryTesting
import Synchronization
import Testing

/// The backend's failure.
struct SearchBackendError: Error, Equatable {}

// snippet: fake-search-api
/// A backend that answers after 200 ms of the test store's virtual time: two results a page, three pages.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class FakeSearchAPI: SearchAPI {
  let clock: TestClock
  /// The loads ("query#page") that fail the next time they are asked for.
  let failNext = Mutex(Set<String>())
  /// Every load asked for, in order.
  let calls = Mutex([String]())

  init(clock: TestClock) { self.clock = clock }

  func search(_ query: String, page: Int) async throws -> SearchPage {
    calls.withLock { $0.append("\(query)#\(page)") }
    try await clock.sleep(for: .milliseconds(200))  // virtual time: the test decides when it ends
    if failNext.withLock({ $0.remove("\(query)#\(page)") }) != nil { throw SearchBackendError() }
    return Self.page(page, of: query)
  }

  static func page(_ page: Int, of query: String) -> SearchPage {
    SearchPage(items: ["\(query) \(2 * page + 1)", "\(query) \(2 * page + 2)"], nextPage: page < 2 ? page + 1 : nil)
  }
}
// end snippet: fake-search-api

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
private func makeStore() -> (TestStore<SearchFeature>, FakeSearchAPI) {
  // snippet: make-search-store
  var api: FakeSearchAPI!
  let store = TestStore(initialState: SearchState()) { clock in
    api = FakeSearchAPI(clock: clock)
    return SearchFeature(api: api)
  }
  // end snippet: make-search-store
  return (store, api)
}

/// The search example's whole behaviour, exhaustively, on virtual time: every action, effect and error asserted
/// with the time it arrived.
@MainActor
@Suite("Search screen: debounce, latest wins, pages, retry, cancel all")
struct SearchStoreTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theQueryIsSearched300msAfterTheLastKeystroke() async {
    let (store, api) = makeStore()
    store.receiveAdvancesTime = false  // the test states every move of time
    // snippet: search-debounce
    await store.send(.queryChanged("ferry")) { $0.query = "ferry" }
    await store.advance(by: .milliseconds(299))
    #expect(api.calls.withLock { $0 }.isEmpty)  // still debouncing
    await store.advance(by: .milliseconds(1))
    await store.receive(.searchStarted, at: .milliseconds(300)) { $0.isSearching = true }
    await store.advance(by: .milliseconds(200))  // the fake backend's latency
    await store.receive(.firstPageLoaded(FakeSearchAPI.page(0, of: "ferry")), at: .milliseconds(500)) {
      $0.results = ["ferry 1", "ferry 2"]
      $0.nextPage = 1
      $0.isSearching = false
    }
    await store.finish()
    // end snippet: search-debounce
    #expect(api.calls.withLock { $0 } == ["ferry#0"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aKeystrokeWithinTheDebounceRestartsIt() async {
    let (store, api) = makeStore()
    await store.send(.queryChanged("f")) { $0.query = "f" }
    await store.advance(by: .milliseconds(100))
    await store.send(.queryChanged("fe")) { $0.query = "fe" }
    await store.receive(.searchStarted, at: .milliseconds(400)) { $0.isSearching = true }
    await store.receive(.firstPageLoaded(FakeSearchAPI.page(0, of: "fe")), at: .milliseconds(600)) {
      $0.results = ["fe 1", "fe 2"]
      $0.nextPage = 1
      $0.isSearching = false
    }
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["fe#0"], "\"f\" was never searched")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aNewQueryCancelsTheRunningSearch() async {
    let (store, api) = makeStore()
    await store.send(.queryChanged("fe")) { $0.query = "fe" }
    await store.receive(.searchStarted, at: .milliseconds(300)) { $0.isSearching = true }
    await store.advance(by: .milliseconds(100))  // "fe" is at the backend until 500 ms
    await store.send(.queryChanged("fer")) { $0 = SearchState(query: "fer") }
    // "fe"'s answer would have come at 500 ms: it never does, the latest query wins.
    await store.receive(.searchStarted, at: .milliseconds(700)) { $0.isSearching = true }
    await store.receive(.firstPageLoaded(FakeSearchAPI.page(0, of: "fer")), at: .milliseconds(900)) {
      $0.results = ["fer 1", "fer 2"]
      $0.nextPage = 1
      $0.isSearching = false
    }
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["fe#0", "fer#0"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func pagesLoadOneAtATimeUntilTheLast() async {
    let (store, api) = makeStore()
    await store.searched("ferry")
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.advance(by: .milliseconds(100))
    await store.send(.loadNextPage)  // a page load is running: dropped, nothing changes
    await store.receive(.pageLoaded(FakeSearchAPI.page(1, of: "ferry")), at: .milliseconds(700)) {
      $0.results += ["ferry 3", "ferry 4"]
      $0.nextPage = 2
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receive(.pageLoaded(FakeSearchAPI.page(2, of: "ferry")), at: .milliseconds(900)) {
      $0.results += ["ferry 5", "ferry 6"]
      $0.nextPage = nil
      $0.isLoadingPage = false
    }
    await store.send(.loadNextPage)  // the last page is shown
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["ferry#0", "ferry#1", "ferry#2"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aNewQueryCancelsThePageLoadOfTheOldResults() async {
    let (store, api) = makeStore()
    await store.searched("ferry")
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.send(.queryChanged("rx")) { $0 = SearchState(query: "rx") }
    await store.receive(.searchStarted, at: .milliseconds(800)) { $0.isSearching = true }
    await store.receive(.firstPageLoaded(FakeSearchAPI.page(0, of: "rx")), at: .milliseconds(1000)) {
      $0.results = ["rx 1", "rx 2"]
      $0.nextPage = 1
      $0.isSearching = false
    }
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["ferry#0", "ferry#1", "rx#0"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aFailedSearchAlertsAndRetries() async {
    let (store, api) = makeStore()
    api.failNext.withLock { $0 = ["ferry#0"] }
    // snippet: search-error-retry
    await store.send(.queryChanged("ferry")) { $0.query = "ferry" }
    await store.receive(.searchStarted, at: .milliseconds(300)) { $0.isSearching = true }
    await store.receiveError(SearchBackendError(), at: .milliseconds(500)) {  // what handleError changed
      $0.isSearching = false
      $0.failed = .search
    }
    await store.receiveEffect(.alert("Search failed"))  // what handleError emitted
    await store.send(.retry)  // at once, no debounce
    await store.receive(.searchStarted, at: .milliseconds(500)) {
      $0.isSearching = true
      $0.failed = nil
    }
    await store.receive(.firstPageLoaded(FakeSearchAPI.page(0, of: "ferry")), at: .milliseconds(700)) {
      $0.results = ["ferry 1", "ferry 2"]
      $0.nextPage = 1
      $0.isSearching = false
    }
    await store.finish()
    // end snippet: search-error-retry
    #expect(api.calls.withLock { $0 } == ["ferry#0", "ferry#0"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aFailedPageLoadRetriesThatPage() async {
    let (store, api) = makeStore()
    api.failNext.withLock { $0 = ["ferry#1"] }
    await store.searched("ferry")
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.receiveError(SearchBackendError(), at: .milliseconds(700)) {
      $0.isLoadingPage = false
      $0.failed = .nextPage
    }
    await store.receiveEffect(.alert("Could not load more results"))
    await store.send(.retry) {
      $0.isLoadingPage = true
      $0.failed = nil
    }
    await store.receive(.pageLoaded(FakeSearchAPI.page(1, of: "ferry")), at: .milliseconds(900)) {
      $0.results += ["ferry 3", "ferry 4"]
      $0.nextPage = 2
      $0.isLoadingPage = false
    }
    await store.send(.retry)  // nothing failed: nothing to do
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["ferry#0", "ferry#1", "ferry#1"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func disappearingCancelsAPageLoadAndTheStoreStaysUsable() async {
    let (store, api) = makeStore()
    await store.searched("ferry")
    await store.send(.loadNextPage) { $0.isLoadingPage = true }
    await store.send(.disappear) { $0.isLoadingPage = false }
    #expect(store.inFlightWorkCount == 0)
    await store.advance(by: .seconds(1))  // the page's answer never comes
    await store.send(.loadNextPage) { $0.isLoadingPage = true }  // back on screen: it works again
    await store.receive(.pageLoaded(FakeSearchAPI.page(1, of: "ferry")), at: .milliseconds(1700)) {
      $0.results += ["ferry 3", "ferry 4"]
      $0.nextPage = 2
      $0.isLoadingPage = false
    }
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["ferry#0", "ferry#1", "ferry#1"])
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func disappearingCancelsADebouncedAndARunningSearch() async {
    let (store, api) = makeStore()
    await store.send(.queryChanged("fe")) { $0.query = "fe" }
    await store.send(.disappear)
    #expect(store.inFlightWorkCount == 0)
    await store.send(.queryChanged("fer")) { $0.query = "fer" }
    await store.receive(.searchStarted, at: .milliseconds(300)) { $0.isSearching = true }
    await store.send(.disappear) { $0.isSearching = false }
    #expect(store.inFlightWorkCount == 0)
    await store.finish()
    #expect(api.calls.withLock { $0 } == ["fer#0"], "\"fe\" never reached the backend; \"fer\" was cancelled there")
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func clearingTheQueryCancelsTheSearch() async {
    let (store, api) = makeStore()
    await store.send(.queryChanged("fe")) { $0.query = "fe" }
    await store.send(.queryChanged("")) { $0.query = "" }
    await store.finish()
    #expect(api.calls.withLock { $0 }.isEmpty)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theInputsOutputsViewModelDrivesTheSameStore() async {
    let (store, api) = makeStore()
    api.failNext.withLock { $0 = ["ferry#1"] }
    store.exhaustivity = .off  // the view controller's outputs are what this test checks
    let viewModel = SearchViewModel(store: store.store)
    let searchText = PublishRelay<String>()
    let reachedBottom = PublishRelay<Void>()
    let retry = PublishRelay<Void>()
    let disappear = PublishRelay<Void>()
    let output = viewModel.transform(
      input: SearchViewModel.Input(
        searchText: searchText.asObservable(), reachedBottom: reachedBottom.asObservable(),
        retryTapped: retry.asObservable(), viewDidDisappear: disappear.asObservable()))
    let bag = DisposeBag()
    let rows = LockedState([[String]]())
    let spinner = LockedState([Bool]())
    let alerts = LockedState([String]())
    output.results.drive(onNext: { value in rows.withLock { $0.append(value) } }).disposed(by: bag)
    output.isSearching.drive(onNext: { value in spinner.withLock { $0.append(value) } }).disposed(by: bag)
    output.alert.emit(onNext: { value in alerts.withLock { $0.append(value) } }).disposed(by: bag)

    // The view controller's events, on the test store's timeline (as its `send` does), so that the work they start
    // runs on virtual time.

    store.time.executor.perform { searchText.accept("ferry") }
    #expect(store.state.query == "ferry", "the command was sent synchronously")
    await store.receive(.searchStarted)
    await store.receive(.firstPageLoaded(FakeSearchAPI.page(0, of: "ferry")))
    store.time.executor.perform {
      reachedBottom.accept(())
      reachedBottom.accept(())
    }
    await store.receiveError(SearchBackendError())
    store.time.executor.perform { retry.accept(()) }
    await store.receive(.pageLoaded(FakeSearchAPI.page(1, of: "ferry")))
    store.time.executor.perform { disappear.accept(()) }
    #expect(store.inFlightWorkCount == 0)
    await store.finish()
    #expect(rows.withLock { $0 } == [[], ["ferry 1", "ferry 2"], ["ferry 1", "ferry 2", "ferry 3", "ferry 4"]])
    #expect(spinner.withLock { $0 } == [false, true, false])
    #expect(alerts.withLock { $0 } == ["Could not load more results"])
    #expect(api.calls.withLock { $0 } == ["ferry#0", "ferry#1", "ferry#1"], "one page load at a time")
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension TestStore where Feature == SearchFeature {
  /// Searches `query` from an empty screen: its first page is shown at 500 ms.
  func searched(_ query: String) async {
    await send(.queryChanged(query)) { $0.query = query }
    await receive(.searchStarted, at: .milliseconds(300)) { $0.isSearching = true }
    await receive(.firstPageLoaded(FakeSearchAPI.page(0, of: query)), at: .milliseconds(500)) {
      $0.results = FakeSearchAPI.page(0, of: query).items
      $0.nextPage = 1
      $0.isSearching = false
    }
  }
}
