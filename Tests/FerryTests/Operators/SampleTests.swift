import Ferry
import FerryTesting
import Testing

@Suite struct SampleTests {
  /// The sampler's ticks: `x` is `()`.
  private static let tick: [String: Void] = ["x": ()]

  @Test func emitsLatestOnlyWhenNew() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^--12----3-", of: Int.self)
    let sampler = try scheduler.createHotObservable("^-x---x-x-x", values: Self.tick)
    let res = scheduler.start { source.sample(sampler) }
    expectMarbles(res.events, "^-----2---3")
  }

  @Test func defaultValueWhenNothingNew() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^--5---", of: Int.self)
    let sampler = try scheduler.createHotObservable("^-x-x-x", values: Self.tick)
    let res = scheduler.start { source.sample(sampler, defaultValue: 0) }
    expectMarbles(res.events, "^-0-5-0")
  }

  @Test func completesAtNextSampleAfterSourceCompletes() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^-1-|", of: Int.self)
    let sampler = try scheduler.createHotObservable("^------x", values: Self.tick)
    let res = scheduler.start { source.sample(sampler) }
    expectMarbles(res.events, "^------(1|)")
    expectSubscriptions(source.subscriptions, "^---!")
    expectSubscriptions(sampler.subscriptions, "^------!")
  }

  @Test func samplerCompletionSamplesButDoesNotComplete() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^-1-----", of: Int.self)
    let sampler = try scheduler.createHotObservable("^---|", of: Void.self)
    let res = scheduler.start { source.sample(sampler) }
    expectMarbles(res.events, "^---1")
  }

  @Test func errorsTerminate() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^---", of: Int.self)
    let sampler = try scheduler.createHotObservable("^-#", of: Void.self, error: TestError(id: 4))
    let res = scheduler.start { source.sample(sampler) }
    expectMarbles(res.events, "^-#", error: TestError(id: 4))
    expectSubscriptions(source.subscriptions, "^-!")
    expectSubscriptions(sampler.subscriptions, "^-!")
  }

  @Test func disposeReleasesBothSubscriptions() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^-1---", of: Int.self)
    let sampler = try scheduler.createHotObservable("^-----", of: Void.self)
    let res = scheduler.start(disposed: 230) { source.sample(sampler) }
    expectMarbles(res.events, "^--")
    expectSubscriptions(source.subscriptions, "^--!")
    expectSubscriptions(sampler.subscriptions, "^--!")
  }

  @Test func disposeInsideOnNext() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Void>()
    let received = LockedBox<[Int]>([])
    let holder = LockedBox<(any Disposable)?>(nil)
    holder.withLock {
      $0 = source.sample(sampler, defaultValue: 0).subscribe(onNext: { value in
        received.withLock { $0.append(value) }
        holder.current?.dispose()
      })
    }
    sampler.onNext(())
    sampler.onNext(())
    #expect(received.current == [0])
    #expect(!source.hasObservers && !sampler.hasObservers)
  }
}
