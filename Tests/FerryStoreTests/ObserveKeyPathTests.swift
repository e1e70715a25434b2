import Ferry
import FerryStore
import Observation
import Testing

/// A main-actor `@Observable` model, as a store or view model would be.
@MainActor
@Observable
private final class ObservedCounter {
  var count = 0
  var child = ObservedChild()
  /// How many times `countReads` was read, and how many of those reads were off the main queue.
  @ObservationIgnored var reads = 0
  @ObservationIgnored var offMainReads = 0

  /// `count`, counting its reads (tracked through `count`).
  var countReads: Int {
    reads += 1
    if !MainScheduler.isOnMainQueue { offMainReads += 1 }
    return count
  }
}

@MainActor
@Observable
private final class ObservedChild {
  var name = "a"
}

/// Collects the elements a `@Sendable` `onNext` receives on the main actor.
@MainActor
private final class ReceivedElements<Element> {
  var elements: [Element] = []
}

@MainActor
@Suite("observe(_:_:): key paths of @Observable objects as streams", .timeLimit(.minutes(1)))
struct ObserveKeyPathTests {
  @Test func emitsTheCurrentValueSynchronouslyOnTheMainActorThenEachChange() async {
    let counter = ObservedCounter()
    counter.count = 3
    let received = ReceivedElements<Int>()
    let subscription = Infallible.observe(counter, \.count).subscribe(onNext: { value in
      MainActor.assumeIsolated { received.elements.append(value) }
    })
    defer { subscription.dispose() }
    #expect(received.elements == [3])

    var values = Infallible.observe(counter, \.count).values.makeAsyncIterator()
    #expect(await values.next() == 3)
    counter.count = 4
    #expect(await values.next() == 4)
    #expect(received.elements == [3, 4])
  }

  @Test func changesBeforeTheReReadAreCoalescedIntoOneElement() async {
    let counter = ObservedCounter()
    var values = Infallible.observe(counter, \.count).values.makeAsyncIterator()
    #expect(await values.next() == 0)
    counter.count = 1
    counter.count = 2
    counter.count = 3
    #expect(await values.next() == 3)
    // 1 and 2 were never emitted: the next element is the next change.
    counter.count = 4
    #expect(await values.next() == 4)
  }

  @Test func equalValuesAreNotFilteredUnlessDistinctUntilChangedIsChained() async {
    let counter = ObservedCounter()
    var all = Infallible.observe(counter, \.count).values.makeAsyncIterator()
    var distinct = Infallible.observe(counter, \.count).distinctUntilChanged().values.makeAsyncIterator()
    #expect(await all.next() == 0)
    #expect(await distinct.next() == 0)
    counter.count = 1
    counter.count = 0  // coalesced: the re-read finds 0 again
    #expect(await all.next() == 0)
    counter.count = 5
    #expect(await all.next() == 5)
    #expect(await distinct.next() == 5)
  }

  @Test func reEntrantChangesFromTheConsumerAreEmittedInTurn() async {
    let counter = ObservedCounter()
    var received: [Int] = []
    for await value in Infallible.observe(counter, \.count).values {
      received.append(value)
      guard value < 3 else { break }
      counter.count = value + 1
    }
    #expect(received == [0, 1, 2, 3])
  }

  @Test func nestedKeyPathsTrackEveryObservableAlongThePath() async {
    let counter = ObservedCounter()
    var values = Infallible.observe(counter, \.child.name).values.makeAsyncIterator()
    #expect(await values.next() == "a")
    counter.child.name = "b"
    #expect(await values.next() == "b")
    let replaced = ObservedChild()
    replaced.name = "c"
    counter.child = replaced
    #expect(await values.next() == "c")
    replaced.name = "d"
    #expect(await values.next() == "d")
  }

  @Test func subscribingOffTheMainActorReadsOnTheMainActor() async {
    let counter = ObservedCounter()
    counter.count = 1
    let sequence = Infallible.observe(counter, \.countReads)
    let received = await Task.detached {
      #expect(!MainScheduler.isOnMainQueue)
      var values = sequence.values.makeAsyncIterator()
      let first = await values.next()
      await MainActor.run { counter.count = 2 }
      let second = await values.next()
      return [first, second]
    }.value
    #expect(received == [1, 2])
    #expect(counter.reads == 2)
    #expect(counter.offMainReads == 0)
  }

  @Test func disposingStopsTracking() async {
    let counter = ObservedCounter()
    var disposed = Infallible.observe(counter, \.countReads).values.makeAsyncIterator()
    #expect(await disposed.next() == 0)
    #expect(counter.reads == 1)
    // A second subscription, armed after the first: its re-read is scheduled in the same `willSet` and the main
    // actor runs those re-reads in order, so once it has delivered, a live first subscription would have re-read.
    var barrier = Infallible.observe(counter, \.count).values.makeAsyncIterator()
    #expect(await barrier.next() == 0)

    let subscription = Infallible.observe(counter, \.countReads).subscribe(onNext: { _ in })
    #expect(counter.reads == 2)
    subscription.dispose()
    counter.count = 1
    #expect(await barrier.next() == 1)
    #expect(counter.reads == 3)  // only the first subscription re-read
    #expect(await disposed.next() == 1)
  }

  @Test func cancellingTheConsumingTaskStopsTracking() async {
    let counter = ObservedCounter()
    let (started, startedContinuation) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task { @MainActor in
      var count = 0
      for await _ in Infallible.observe(counter, \.countReads).values {
        count += 1
        startedContinuation.yield(count)
      }
      return count
    }
    var startedIterator = started.makeAsyncIterator()
    #expect(await startedIterator.next() == 1)
    consumer.cancel()
    #expect(await consumer.value == 1)
    #expect(counter.reads == 1)

    var barrier = Infallible.observe(counter, \.count).values.makeAsyncIterator()
    #expect(await barrier.next() == 0)
    counter.count = 1
    #expect(await barrier.next() == 1)
    #expect(counter.reads == 1)
  }

  @Test func theObjectIsNeverRetainedByTheSequence() async {
    weak var weakCounter: ObservedCounter?
    var subscription: (any Disposable)?
    var values: InfallibleValues<Int>.Iterator?
    do {
      let counter = ObservedCounter()
      weakCounter = counter
      subscription = Infallible.observe(counter, \.count).subscribe(onNext: { _ in })
      values = Infallible.observe(counter, \.count).values.makeAsyncIterator()
      #expect(await values?.next() == 0)
    }
    #expect(weakCounter == nil)  // released while both subscriptions are live
    subscription?.dispose()
    values = nil
  }

  @Test func aChangeThatFindsTheObjectDeallocatedCompletes() async {
    weak var weakCounter: ObservedCounter?
    var counter: ObservedCounter? = ObservedCounter()
    weakCounter = counter
    let sequence = Infallible.observe(counter!, \.count)
    var values = sequence.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    counter?.count = 1  // the re-read is scheduled…
    counter = nil  // …and finds the object gone
    #expect(weakCounter == nil)
    #expect(await values.next() == nil)

    var late = sequence.values.makeAsyncIterator()
    #expect(await late.next() == nil)
  }

  @Test func driverSharesOneTrackingAndReplaysTheLatestValue() async {
    let counter = ObservedCounter()
    let driver = Driver.observe(counter, \.countReads)
    let first = ReceivedElements<Int>()
    let second = ReceivedElements<Int>()
    let bag = DisposeBag()
    driver.drive(onNext: { first.elements.append($0) }).disposed(by: bag)
    driver.drive(onNext: { second.elements.append($0) }).disposed(by: bag)
    #expect(first.elements == [0])
    #expect(second.elements == [0])
    #expect(counter.reads == 1)

    var values = driver.values.makeAsyncIterator()
    #expect(await values.next() == 0)  // replayed
    counter.count = 1
    #expect(await values.next() == 1)
    #expect(first.elements == [0, 1])
    #expect(second.elements == [0, 1])
    #expect(counter.reads == 2)
  }

  @Test func observableFormEmitsTheSameElements() async throws {
    let counter = ObservedCounter()
    var values = Ferry.Observable.observe(counter, \.count).values.makeAsyncIterator()
    #expect(try await values.next() == 0)
    counter.count = 1
    #expect(try await values.next() == 1)
  }
}
