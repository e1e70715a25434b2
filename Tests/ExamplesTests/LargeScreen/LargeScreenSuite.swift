import Examples
import ExamplesLegacy
import Ferry
import FerryStore
import FerryTesting
import Observation
import Testing

/// Seed 001's large screen: one behavioural suite over every form, from the one big view model to split handlers
/// and scoped child stores; and the child stores' Observation isolation.
@MainActor
@Suite("Large screen (seed 001)")
struct LargeScreenSuite {
  static let yaris = CatalogItem(id: 1, name: "Yaris")
  static let corolla = CatalogItem(id: 2, name: "Corolla")
  static let prius = CatalogItem(id: 3, name: "Prius")
  static let bz4x = CatalogItem(id: 4, name: "bZ4X")
  static let catalog = [yaris, corolla, prius, bz4x]
  static let backend = DashboardBackendScript(
    userName: "Aiko", profileLatency: 20, catalog: catalog, catalogLatency: 30)

  static let session: [Recorded<Event<DashboardCommand>>] = [
    .next(10, .appear),
    .next(50, .catalog(.search("ri"))),
    .next(60, .catalog(.toggleFavorite(id: 2))),
    .next(70, .catalog(.toggleFavorite(id: 3))),
    .next(80, .catalog(.toggleFavorite(id: 2))),
    .next(90, .inbox(.markAllRead)),
  ]

  static func state(
    user: String? = "Aiko", query: String = "", items: [CatalogItem] = catalog, favorites: [Int] = [],
    messages: [String] = [], unread: Int = 0
  ) -> DashboardState {
    DashboardState(
      profile: ProfileSlice(userName: user), catalog: CatalogSlice(query: query, items: items, favoriteIDs: favorites),
      inbox: InboxSlice(messages: messages, unreadCount: unread))
  }

  @Test(
    "loads both parts, searches, favourites notify the inbox (one handler sending to another), mark all read",
    arguments: LargeScreenSuiteForm.allCases)
  func session(form: LargeScreenSuiteForm) {
    let run = runScreen(Self.session, form: form.make(Self.backend))
    let corolla = "Corolla added to favorites"
    let prius = "Prius added to favorites"
    expectMarbles(
      run.states, "a--bcdefgh",
      values: [
        "a": DashboardState(),
        "b": Self.state(items: []),
        "c": Self.state(),
        "d": Self.state(query: "ri"),
        "e": Self.state(query: "ri", favorites: [2], messages: [corolla], unread: 1),
        "f": Self.state(query: "ri", favorites: [2, 3], messages: [corolla, prius], unread: 2),
        "g": Self.state(query: "ri", favorites: [3], messages: [corolla, prius], unread: 2),
        "h": Self.state(query: "ri", favorites: [3], messages: [corolla, prius], unread: 0),
      ])
    expectMarbles(run.effects, "---------t", values: ["t": .toast("All caught up")])
    #expect(run.states.last?.value.element?.catalog.visibleItems == [Self.yaris, Self.prius])
  }

  @Test("a profile that fails to load shows a toast; the catalog still loads", arguments: LargeScreenSuiteForm.allCases)
  func profileFailure(form: LargeScreenSuiteForm) {
    var backend = Self.backend
    backend.profileFails = true
    let run = runScreen([.next(10, .appear)], form: form.make(backend))
    expectMarbles(run.states, "a---b", values: ["a": DashboardState(), "b": Self.state(user: nil)])
    expectMarbles(run.effects, "---t", values: ["t": .toast("Could not load your profile")])
  }

  @Test("demo session: every form shows the same timeline")
  func demoSession() {
    let timelines = LargeScreenSuiteForm.demoSession(makeTime: { TestSessionTime() })
    #expect(timelines.map(\.form) == LargeScreenSuiteForm.allCases.map(\.rawValue))
    #expect(timelinesAgree(timelines), "\(timelines.map(\.lines))")
    #expect(ScreenRun(timelines[0]).states.map(\.time) == [0, 30, 40, 50, 60, 70, 80, 90])
    #expect(timelines[0].effects == [Timed(time: 90, value: .toast("All caught up"))])
  }

  @Test("a scoped child store is not invalidated by an unrelated change, and never drifts from its parent")
  func scopedChildIgnoresUnrelatedChanges() {
    let store = Store(
      initialState: Self.state(), feature: DashboardFeature(service: ScriptedDashboardService(script: Self.backend)))
    let inbox = store.scope(state: \.inbox, command: DashboardCommand.inbox, effect: { $0 })
    let catalog = store.scope(state: \.catalog, command: DashboardCommand.catalog, effect: { _ in nil as Never? })
    let inboxChanges = Counter()
    let catalogChanges = Counter()
    // Like a SwiftUI view: a view tracks its state again only after it was invalidated (and so re-rendered).
    func renderInbox() {
      withObservationTracking {
        _ = inbox.state
      } onChange: {
        inboxChanges.increment()
      }
    }
    func renderCatalog() {
      withObservationTracking {
        _ = catalog.state
      } onChange: {
        catalogChanges.increment()
      }
    }

    renderInbox()
    renderCatalog()
    catalog.send(.search("ri"))
    #expect(catalogChanges.value == 1)
    #expect(inboxChanges.value == 0, "the inbox view must not re-render for a search")
    #expect(catalog.state == store.state.catalog && inbox.state == store.state.inbox)

    renderCatalog()
    catalog.send(.toggleFavorite(id: 2))  // the catalog's handler sends to the inbox's
    #expect(catalogChanges.value == 2)
    #expect(inboxChanges.value == 1)
    #expect(inbox.state == InboxSlice(messages: ["Corolla added to favorites"], unreadCount: 1))
    #expect(catalog.state == store.state.catalog && inbox.state == store.state.inbox)

    renderCatalog()
    renderInbox()
    inbox.send(.markAllRead)
    #expect(inboxChanges.value == 2)
    #expect(catalogChanges.value == 2, "the catalog view must not re-render when the inbox is read")
    #expect(inbox.state.unreadCount == 0 && store.state.inbox.unreadCount == 0)
  }

  @Test("TestStore: the catalog's effect arrives at the inbox as a command, in the same send")
  func siblingCommandInTestStore() async {
    let store = TestStore(
      initialState: Self.state(), feature: DashboardFeature(service: ScriptedDashboardService(script: Self.backend)))
    await store.send(.catalog(.toggleFavorite(id: 3))) {
      $0.catalog.favoriteIDs = [3]
      $0.inbox = InboxSlice(messages: ["Prius added to favorites"], unreadCount: 1)
    }
    await store.send(.inbox(.markAllRead)) { $0.inbox.unreadCount = 0 }
    await store.receiveEffect(.toast("All caught up"))
    await store.finish()
  }
}
