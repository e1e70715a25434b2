import Dispatch
import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("SharingScheduler", .timeLimit(.minutes(1)))
@MainActor
struct SharingSchedulerTests {
  @Test func defaultsToTheMainScheduler() {
    #expect(SharingScheduler.make() is MainScheduler)
    #expect(DriverSharingStrategy.scheduler is MainScheduler)
  }

  @Test func mockReplacesTheSchedulerOfSequencesCreatedInside() {
    let scheduler = ManualScheduler()
    let relay = BehaviorRelay(value: 0)
    let received = LockedBox<[Int]>([])
    let driver = SharingScheduler.mock(scheduler: scheduler) {
      #expect(SharingScheduler.make() is ManualScheduler)
      return relay.asDriver()
    }
    #expect(SharingScheduler.make() is MainScheduler)
    let subscription = driver.drive(onNext: { value in received.withLock { $0.append(value) } })
    relay.accept(1)
    #expect(received.current.isEmpty)
    scheduler.run()
    #expect(received.current == [0, 1])
    subscription.dispose()
  }

  @Test func mockWithAFactory() {
    let made = LockedBox(0)
    SharingScheduler.mock(makeScheduler: {
      made.withLock { $0 += 1 }
      return ImmediateTestScheduler()
    }) {
      _ = Signal<Int>.empty()
      _ = Driver.just(1)
    }
    #expect(made.current == 2)
  }

  @Test func asyncMock() async {
    let scheduler = ManualScheduler()
    let received = LockedBox<[Int]>([])
    let subscription = await SharingScheduler.mock(scheduler: scheduler) { () async -> any Disposable in
      await Task.yield()
      return Driver.of(1, 2).drive(onNext: { value in received.withLock { $0.append(value) } })
    }
    scheduler.run()
    #expect(received.current == [1, 2])
    subscription.dispose()
  }

  @Test func readingTheSchedulerIsThreadSafe() async {
    let mainCount = LockedBox(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<100 where SharingScheduler.make() is MainScheduler {
            mainCount.withLock { $0 += 1 }
          }
        }
      }
      group.addTask {
        SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
          #expect(SharingScheduler.make() is ImmediateTestScheduler)
        }
      }
    }
    #expect(mainCount.current == 800)
  }
}
