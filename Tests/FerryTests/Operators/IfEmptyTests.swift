import Ferry
import FerryTesting
import Testing

@Suite("ifEmpty(default:) / ifEmpty(switchTo:)")
struct IfEmptyTests {
  @Test func mirrorsASourceThatEmits() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("      ^-1-2-|", of: Int.self)
    let fallback = try scheduler.createHotObservable("      ^-7-8-9", of: Int.self)
    let observer = scheduler.start { source.ifEmpty(switchTo: fallback) }
    expectMarbles(observer.events, "      ^-1-2-|")
    #expect(fallback.subscriptions.isEmpty, "the fallback is never subscribed")
  }

  @Test func switchesToTheFallbackWhenTheSourceCompletesEmpty() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("      ^--|", of: Int.self)
    let fallback = try scheduler.createHotObservable("      ^-7--8-|", of: Int.self)
    let observer = scheduler.start { source.ifEmpty(switchTo: fallback) }
    expectMarbles(observer.events, "      ^----8-|")
    expectSubscriptions(source.subscriptions, "      ^--!")
    expectSubscriptions(fallback.subscriptions, "<@200>---^---!")
  }

  @Test func defaultValueAndErrors() {
    #expect(Harness.events(Observable<Int>.empty().ifEmpty(default: 4)) == [.next(4), .completed])
    #expect(Harness.events(Observable.of(1, 2).ifEmpty(default: 4)) == [.next(1), .next(2), .completed])
    #expect(Harness.events(Observable<Int>.error(TestError()).ifEmpty(default: 4)) == [.error(TestError())])
    let fallbackFails = Observable<Int>.empty().ifEmpty(switchTo: Observable<Int>.error(TestError(id: 2)))
    #expect(Harness.events(fallbackFails) == [.error(TestError(id: 2))])
  }

  @Test func disposingDisposesTheFallbackSubscription() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("      ^-|", of: Int.self)
    let fallback = try scheduler.createHotObservable("      ^--5-6", of: Int.self)
    let observer = scheduler.start(disposed: 240) { source.ifEmpty(switchTo: fallback) }
    expectMarbles(observer.events, "      ^--5")
    expectSubscriptions(fallback.subscriptions, "<@200>--^-!")
  }

  @Test func disposalAndLeaks() {
    Harness.expectReleasedAfterDispose { $0.ifEmpty(switchTo: Observable<Int>.never()) }
    Harness.expectReleasedAfterDispose { $0.ifEmpty(default: 0) }
    Harness.expectDisposeInsideOnNextStops({ $0.ifEmpty(default: 0) }, send: { s in (1...3).forEach(s.onNext) })
  }
}
