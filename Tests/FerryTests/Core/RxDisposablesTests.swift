import Ferry
import FerryTesting
import Testing

@Suite struct RxDisposablesTests {
  @Test func refCountDisposableWaitsForEveryRetainedDisposable() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    let first = refCount.retain()
    let second = refCount.retain()
    refCount.dispose()
    #expect(!underlying.isDisposed)
    first.dispose()
    first.dispose()  // a retained disposable counts once
    #expect(!underlying.isDisposed)
    second.dispose()
    #expect(underlying.isDisposed)
    #expect(refCount.isDisposed)
    refCount.retain().dispose()  // after disposal, retain hands out a no-op
  }

  @Test func refCountDisposableDisposesAtOnceWithoutRetains() {
    let underlying = BooleanDisposable()
    let refCount = RefCountDisposable(disposable: underlying)
    let retained = refCount.retain()
    retained.dispose()
    #expect(!underlying.isDisposed)
    refCount.dispose()
    #expect(underlying.isDisposed)
  }

  @Test func scheduledDisposableDisposesOnItsScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let underlying = BooleanDisposable()
    let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: underlying)
    scheduler.scheduleAt(100) { scheduled.dispose() }
    scheduler.scheduleAt(100) {
      #expect(scheduled.isDisposed)
      #expect(!underlying.isDisposed)
    }
    scheduler.advanceTo(100)
    #expect(!underlying.isDisposed)
    scheduler.advanceTo(101)
    #expect(underlying.isDisposed)
    #expect((scheduled.scheduler as? TestScheduler) === scheduler)
  }

  @Test func compositeDisposableTakesAnyNumberOfDisposables() {
    let disposables = (0..<6).map { _ in BooleanDisposable() }
    let composite = CompositeDisposable(
      disposables[0], disposables[1], disposables[2], disposables[3], disposables[4], disposables[5])
    #expect(composite.count == 6)
    composite.dispose()
    #expect(disposables.allSatisfy { $0.isDisposed })
  }
}
