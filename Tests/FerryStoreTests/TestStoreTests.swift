import Ferry
import FerryStore
import FerryTesting
import Testing

/// TestStore's own behaviour: what it accepts, and the failure each mistake produces (the message is the product).
@MainActor
@Suite("TestStore")
struct TestStoreTests {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func theDiffNamesTheChangedField() async {
    let store = TestStore.work()
    let failures = await withCapturedFailures {
      await store.send(.setText("taro")) { $0.text = "jiro" }
    }
    let message = failures.map(\.message).joined()
    #expect(message.hasPrefix("send(setText(\"taro\")): the state differs from the expected (− expected, + actual):"))
    #expect(message.contains("−   - text: \"jiro\""), "\(message)")
    #expect(message.contains("+   - text: \"taro\""), "\(message)")
    #expect(!message.contains("−   - count"), "unchanged fields are context, not differences: \(message)")
    let expectedLine = message.range(of: "−   - text")
    let actualLine = message.range(of: "+   - text")
    #expect(
      expectedLine.map { expected in actualLine.map { expected.lowerBound < $0.lowerBound } ?? false } ?? false,
      "expected lines before actual ones, as the header and the docs read: \(message)")
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func anUnassertedStateChangeFails() async {
    let store = TestStore.work()
    await expectFailures(["send(increment): the state changed but no change was asserted"]) {
      await store.send(.increment)
    }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func sendingBeforeReceivingTheWorksOutputsFails() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 0, policy: .flatMap))
    await expectFailures([
      "send(increment): the store's async work sent 3 output(s) that were not received:\n"
        + "  effect started(\"a\")\n  action loaded(\"a\")\n  effect finished(\"a\")"
    ]) {
      await store.send(.increment) { $0.count = 1 }
    }
    await store.skipReceivedOutputs()
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receivingTheWrongActionFails() async {
    let store = TestStore.work()
    await store.send(.loadConcurrently("a", ticks: 5))
    await expectFailures(["receive(loaded(\"b\")): received loaded(\"a\") instead."]) {
      await store.receive(.loaded("b")) { $0.loaded = ["b"] }
    }
    #expect(store.state.loaded == ["a"])
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receivingWhenNoWorkIsLeftFails() async {
    let store = TestStore.work()
    await expectFailures(["receive(loaded(\"a\")): the store's work sent no action (no work is in flight)."]) {
      await store.receive(.loaded("a"))
    }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func unassertedEffectsFailTheNextStep() async {
    let store = TestStore.work()
    await store.send(.incrementTwiceThenEffect) { $0.count = 2 }
    await expectFailures(["send(increment): 1 effect(s) emitted before were not asserted:\n  counted(2)"]) {
      await store.send(.increment) { $0.count = 3 }
    }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func receiveEffectBeforeAnUnreceivedActionFails() async {
    let store = TestStore.work()
    await store.send(.loadConcurrently("a", ticks: 1))
    await expectFailures(["receiveEffect(counted(1)): the store's work sent the action loaded(\"a\") first"]) {
      await store.receiveEffect(.counted(1))
    }
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func finishReportsWorkWaitingOutsideVirtualTime() async {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let store = TestStore(
      initialState: WorkFeature.State(), feature: WorkFeature(clock: ContinuousClock()), scheduler: scheduler)
    await store.send(.loadConcurrently("a", ticks: 3600))  // sleeps on the wall clock: never on virtual time
    await expectFailures(["finish(): 1 work(s) still in flight"]) {
      await store.finish()
    }
    store.cancelInFlightWork()
    #expect(store.inFlightWorkCount == 0)
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func releasingWithUnassertedOutputsFails() async {
    await expectFailures(["TestStore released without finish(): 1 output(s) of async work not received"]) {
      let store = TestStore.work()
      await store.send(.loadConcurrently("a", ticks: 0))
    }
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func nonExhaustiveModeChecksOnlyWhatIsAsserted() async {
    let store = TestStore.work()
    store.exhaustivity = .off
    await store.send(.load("a", ticks: 1, policy: .flatMap))
    await store.send(.setText("t")) { $0.text = "t" }  // skips the work's outputs; checks only `text`
    await store.advance(by: .seconds(1))
    await store.send(.incrementTwiceThenEffect) { $0.count = 2 }
    #expect(store.state.loaded == ["a"])
    await store.finish()
  }

  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  @Test func statesAndEffectsAsMarbleDiagrams() async {
    let store = TestStore.work()
    await store.send(.load("a", ticks: 20, policy: .flatMap))
    await store.receiveEffect(.started("a"))
    await store.advance(to: 10)
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.loaded("a")) { $0.loaded = ["a"] }
    await store.receiveEffect(.finished("a"))
    await store.finish()
    expectMarbles(
      store.states, "abc",
      values: [
        "a": WorkFeature.State(), "b": WorkFeature.State(count: 1),
        "c": WorkFeature.State(count: 1, loaded: ["a"]),
      ], subscribed: 0)
    expectMarbles(store.effects, "s-f", values: ["s": .started("a"), "f": .finished("a")], subscribed: 0)
  }
}
