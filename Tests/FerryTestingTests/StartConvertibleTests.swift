import Ferry
import FerryTesting
import Foundation
import Testing

private struct StartError: Error, Equatable {}

/// `TestScheduler.start` takes any `ObservableConvertibleType` and records its `Event`s, as RxTest does.
@Suite struct StartConvertibleTests {
  @Test func singleRecordsItsElementAndCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let res = scheduler.start { xs.asSingle().map { $0 * 2 } }
    #expect(res.events == [.next(220, 2), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func singleRecordsItsError() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single<Int>.error(StartError()) }
    #expect(res.events == [.error(200, StartError())])
  }

  @Test func maybeRecordsElementOrEmptyCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let element = scheduler.start { Maybe.just("a") }
    let emptyScheduler = TestScheduler(initialClock: 0)
    let empty = emptyScheduler.start(created: 150, subscribed: 300, disposed: 2000) { Maybe<String>.empty() }
    #expect(element.events == [.next(200, "a"), .completed(200)])
    #expect(empty.events == [.completed(300)])
  }

  @Test func completableRecordsOnlyItsStopEvent() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let res = scheduler.start { xs.asObservable().ignoreElements() }
    let observer: TestableObserver<Never> = res
    #expect(observer.events == [.completed(250)])
  }

  @Test func infallibleAndTestableObservableAreAcceptedDirectly() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let direct = scheduler.start { xs }
    #expect(direct.events == [.next(210, 1), .next(220, 2), .completed(230)])
    let ys = scheduler.createHotObservable([.next(1210, 3), .completed(1230)])
    let infallible = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      ys.asInfallible(onErrorJustReturn: 0).map { $0 + 1 }
    }
    #expect(infallible.events == [.next(1210, 4), .completed(1230)])
  }

  @MainActor @Test func driverAndSignalAreAcceptedUnderAMockedSharingScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, StartError())])
    let driven = SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start { xs.asDriver(onErrorJustReturn: -1) }
    }
    #expect(driven.events.map(\.value) == [.next(1), .next(-1), .completed])
    let ys = scheduler.createHotObservable([.next(1210, "s")])
    let emitted = SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { ys.asSignal(onErrorJustReturn: "") }
    }
    #expect(emitted.events.map(\.value) == [.next("s")])
  }

  @Test func traitEventsAreEquatable() {
    #expect(MaybeEvent.success(1) == .success(1))
    #expect(MaybeEvent<Int>.completed == .completed)
    #expect(MaybeEvent<Int>.error(StartError()) == .error(StartError()))
    #expect(MaybeEvent.success(1) != .completed)
    #expect(CompletableEvent.completed == .completed)
    #expect(CompletableEvent.error(StartError()) != .completed)
    #expect(
      singleEventsEqual([SingleEvent.success(1), .failure(StartError())], [.success(1), .failure(StartError())]))
    #expect(!singleEventsEqual([SingleEvent.success(1)], [.success(2)]))
    #expect(!singleEventsEqual([SingleEvent.success(1)], [.success(1), .success(1)]))
    #expect(
      singleEventsEqual([Recorded(time: 5, value: SingleEvent.success(1))], [Recorded(time: 5, value: .success(1))]))
    #expect(
      !singleEventsEqual([Recorded(time: 5, value: SingleEvent.success(1))], [Recorded(time: 6, value: .success(1))]))
  }
}
