import Ferry
import FerryStore
import FerryTesting
import Testing

/// The README's counter as its legacy relay-based view store: the same behaviour, written with relays and a
/// `Single` on the scheduler.
final class LegacyCounterStore {
  private let stateRelay = BehaviorRelay(value: CounterFeature.State())
  private let effectRelay = PublishRelay<CounterFeature.Effect>()
  private let fact: (Int) -> Single<String>
  private let disposeBag = DisposeBag()
  private var factRequest = SerialDisposable()

  init(fact: @escaping (Int) -> Single<String>) {
    self.fact = fact
  }

  var state: Driver<CounterFeature.State> { stateRelay.asDriver() }
  var effect: Signal<CounterFeature.Effect> { effectRelay.asSignal() }
  var currentState: CounterFeature.State { stateRelay.value }

  func dispatchCommand(_ command: CounterFeature.Command) {
    switch command {
    case .increment:
      dispatchAction(.incremented)
    case .loadFact:
      factRequest.disposable = fact(currentState.count).subscribe(
        with: self, onSuccess: { $0.dispatchAction(.factLoaded($1)) },
        onFailure: { $0.effectRelay.accept(.alert("\($1)")) })
    }
  }

  private func dispatchAction(_ action: CounterFeature.Action) {
    stateRelay.accept(CounterFeature.transform(currentState, action: action))
  }
}

@MainActor
@Suite("expectStoreParity")
struct ParityTests {
  let commands: [Recorded<Event<CounterFeature.Command>>] = [
    .next(10, .increment), .next(20, .loadFact), .next(30, .increment), .next(40, .loadFact),
  ]

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func legacy(
    _ scheduler: TestScheduler
  ) -> ParitySide<CounterFeature.State, CounterFeature.Command, CounterFeature.Effect> {
    let store = LegacyCounterStore(fact: { count in
      Single.just("\(count)!").delay(.seconds(5), scheduler: scheduler)
    })
    return ParitySide(state: store.state, effect: store.effect, dispatch: { store.dispatchCommand($0) })
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  func migrated(
    _ scheduler: TestScheduler, delay: Int = 5
  ) -> ParitySide<CounterFeature.State, CounterFeature.Command, CounterFeature.Effect> {
    let clock = TestClock(scheduler: scheduler)
    return .store(
      initialState: CounterFeature.State(),
      feature: CounterFeature(fact: { count in
        try await clock.sleep(for: .seconds(delay))
        return "\(count)!"
      }), scheduler: scheduler)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aFaithfulMigrationHasParity() {
    let mismatch = expectStoreParity(commands: commands, legacy: legacy, migrated: { migrated($0) })
    #expect(mismatch == nil)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func aDifferenceShowsBothTimelinesSideBySide() {
    var mismatch: StoreParityMismatch?
    let failures = withCapturedFailures {
      mismatch = expectStoreParity(commands: commands, legacy: legacy, migrated: { migrated($0, delay: 7) })
    }
    let report = mismatch?.description ?? ""
    #expect(failures.map(\.message) == [report])
    #expect(
      report.hasPrefix(
        "Store parity failed: states differ at #3: legacy State(count: 1, fact: Optional(\"1!\")) at 25, "
          + "migrated State(count: 1, fact: Optional(\"1!\")) at 27\n"), "\(report)")
    #expect(report.contains("\nlegacy states    a---------b<14>c----d<14>e\n"), "\(report)")
    #expect(report.contains("\nmigrated states  a---------b<14>--c--d<14>--e\n"), "\(report)")
    #expect(report.contains("where (one frame is 1 tick):\n  a = State(count: 0, fact: nil)"), "\(report)")
  }
}
