import Ferry
import FerryTesting
import Testing

@Suite struct ScanTests {
  @Test func emitsRunningAccumulation() {
    let recorder = EventRecorder<Int>()
    _ = Observable.of(1, 2, 3).scan(10) { $0 + $1 }.subscribe(recorder)
    #expect(recorder.events.current == [.next(11), .next(13), .next(16), .completed])
  }

  @Test func intoFormMutatesInPlace() {
    let recorder = EventRecorder<[Int]>()
    _ = Observable.of(1, 2).scan(into: [Int]()) { $0.append($1) }.subscribe(recorder)
    #expect(recorder.elements == [[1], [1, 2]])
    #expect(recorder.isCompleted)
  }

  @Test func eachSubscriptionStartsFromSeed() {
    let scanned = Observable.of(1, 2).scan(0) { $0 + $1 }
    let first = EventRecorder<Int>()
    let second = EventRecorder<Int>()
    _ = scanned.subscribe(first)
    _ = scanned.subscribe(second)
    #expect(first.elements == [1, 3])
    #expect(second.elements == [1, 3])
  }

  @Test func thrownErrorTerminates() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^a-b-c", values: ["a": 1, "b": -1, "c": 5])
    let observer = scheduler.start {
      xs.scan(0) { accumulated, value in
        if value < 0 { throw TestError(id: value) }
        return accumulated + value
      }
    }
    expectMarbles(observer.events, "^a-#", values: ["a": 1], error: TestError(id: -1))
    expectSubscriptions(xs.subscriptions, "^--!")
  }

  @Test func disposeStopsDelivery() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^1-2", of: Int.self)
    let observer = scheduler.start(disposed: 220) { xs.scan(0) { $0 + $1 } }
    expectMarbles(observer.events, "^1")
    expectSubscriptions(xs.subscriptions, "^-!")
  }
}
