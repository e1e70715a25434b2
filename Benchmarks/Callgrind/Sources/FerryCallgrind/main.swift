import Dispatch
import Ferry
import Foundation

// Usage: FerryCallgrind <case> <elements>
//
// Runs one hot path <elements> times after its set-up. `Benchmarks/callgrind-check.sh` runs each case twice (N and
// 2N elements) under callgrind and divides the difference by N: set-up, tear-down and process start cancel out,
// leaving the instructions per element.

/// Keeps results observable so the optimiser cannot drop the work.
final class Accumulator: @unchecked Sendable {
  // `@unchecked Sendable`: touched by one thread at a time (the main thread, or the task a bridge case waits for).
  var total = 0
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: FerryCallgrind <case> <elements>\n".utf8))
  exit(2)
}
let name = arguments[1]
let sink = Accumulator()

func run() {
  switch name {
  case "relay.1sub": run_relay_1sub()
  case "relay.10sub": run_relay_10sub()
  case "relay.map.filter.distinct": run_relay_map_filter_distinct()
  case "combineLatest": run_combineLatest()
  case "zip": run_zip()
  case "flatMapLatest": run_flatMapLatest()
  case "merge": run_merge()
  case "flatMap": run_flatMap()
  case "withLatestFrom": run_withLatestFrom()
  case "sample": run_sample()
  case "takeUntil": run_takeUntil()
  case "skipUntil": run_skipUntil()
  case "debounce": run_debounce()
  case "throttle": run_throttle()
  case "delay": run_delay()
  case "timeout": run_timeout()
  case "buffer": run_buffer()
  case "window": run_window()
  case "driver": run_driver()
  case "values.buffered", "asObservable.AsyncStream", "asObservable.syncSequence", "Single.just.value",
    "Single.create.value", "floor.forAwait.AsyncStream", "floor.forAwait.syncSequence":
    // The bridges run in a task; this thread waits for it. Each case is deterministic on one thread: the
    // elements are buffered or produced synchronously, so no `await` depends on another thread's timing.
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      sink.total = await runBridge()
      done.signal()
    }
    done.wait()
  default:
    if runStructCase(name, count: count) { return }
    if runFieldCase(name, count: count) { return }
    if runCombineCase(name, count: count) { return }
    if runSubscriptionCase(name, count: count) { return }
    FileHandle.standardError.write(Data("FerryCallgrind: unknown case \(name)\n".utf8))
    exit(2)
  }
}

// One function per case, never inlined into `run()`: each case's code is then compiled on its own, so adding a case
// does not change the instructions of the others (in one large `run()` it moved combineLatest and zip by ~20).

@inline(never) func run_relay_1sub() {
  let relay = PublishRelay<Int>()
  let subscription = relay.subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

@inline(never) func run_relay_10sub() {
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<10).map { _ in relay.subscribe(onNext: { sink.total &+= $0 }) }
  for index in 0..<count { relay.accept(index) }
  subscriptions.forEach { $0.dispose() }
}

@inline(never) func run_relay_map_filter_distinct() {
  let relay = BehaviorRelay(value: 0)
  let subscription = relay.map { $0 &* 2 }.filter { $0 % 3 != 1 }.distinctUntilChanged()
    .subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

@inline(never) func run_combineLatest() {
  let first = PublishRelay<Int>()
  let second = PublishRelay<Int>()
  let subscription = Observable.combineLatest(first.asObservable(), second.asObservable()) { $0 &+ $1 }
    .subscribe(onNext: { sink.total &+= $0 })
  second.accept(1)
  for index in 0..<count { first.accept(index) }
  subscription.dispose()
}

@inline(never) func run_zip() {
  // Alternating sources: every second element completes a pair.
  let first = PublishRelay<Int>()
  let second = PublishRelay<Int>()
  let subscription = Observable.zip(first.asObservable(), second.asObservable()) { $0 &+ $1 }
    .subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count {
    if index & 1 == 0 { first.accept(index) } else { second.accept(index) }
  }
  subscription.dispose()
}

@inline(never) func run_flatMapLatest() {
  let relay = PublishRelay<Int>()
  let subscription = relay.flatMapLatest { Observable.just($0) }.subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

@inline(never) func run_merge() {
  // Two relays merged, every element from the first.
  let first = PublishRelay<Int>()
  let second = PublishRelay<Int>()
  let subscription = Observable.merge(first.asObservable(), second.asObservable())
    .subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { first.accept(index) }
  subscription.dispose()
}

@inline(never) func run_flatMap() {
  // Each element becomes an inner sequence of one element (subscribed, delivered, completed).
  let relay = PublishRelay<Int>()
  let subscription = relay.flatMap { Observable.just($0) }.subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

@inline(never) func run_withLatestFrom() {
  // Elements from the trigger; the other source is set once, before.
  let trigger = PublishRelay<Int>()
  let other = BehaviorRelay(value: 1)
  let subscription = trigger.withLatestFrom(other) { $0 &+ $1 }.subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { trigger.accept(index) }
  subscription.dispose()
}

@inline(never) func run_sample() {
  // Elements from the source, a tick from the sampler after every 8th.
  let source = PublishRelay<Int>()
  let sampler = PublishRelay<Void>()
  let subscription = source.sample(sampler).subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count {
    source.accept(index)
    if index & 7 == 7 { sampler.accept(()) }
  }
  subscription.dispose()
}

@inline(never) func run_takeUntil() {
  // Elements while the other sequence never fires.
  let source = PublishRelay<Int>()
  let other = PublishRelay<Void>()
  let subscription = source.take(until: other).subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count { source.accept(index) }
  subscription.dispose()
}

@inline(never) func run_skipUntil() {
  // Elements after the other sequence fired once (the gate is open).
  let source = PublishRelay<Int>()
  let other = PublishRelay<Void>()
  let subscription = source.skip(until: other).subscribe(onNext: { sink.total &+= $0 })
  other.accept(())
  for index in 0..<count { source.accept(index) }
  subscription.dispose()
}

@inline(never) func run_debounce() {
  // A burst of elements on virtual time: each one restarts the timer; every 8th burst ends and the timer fires.
  let scheduler = HistoricalScheduler()
  let relay = PublishRelay<Int>()
  let subscription = relay.debounce(.seconds(1), scheduler: scheduler).subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count {
    relay.accept(index)
    if index & 7 == 7 { scheduler.advanceTo(scheduler.now.addingTimeInterval(2)) }
  }
  subscription.dispose()
}

@inline(never) func run_throttle() {
  // Virtual time moves 0.25 s per element: one element per second passes at once, the latest of the others when
  // the period ends.
  let scheduler = HistoricalScheduler()
  let relay = PublishRelay<Int>()
  let subscription = relay.throttle(.seconds(1), scheduler: scheduler).subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count {
    relay.accept(index)
    scheduler.advanceTo(scheduler.now.addingTimeInterval(0.25))
  }
  subscription.dispose()
}

@inline(never) func run_delay() {
  // Virtual time moves 1 s per element: each element waits its second, then its timer delivers it.
  let scheduler = HistoricalScheduler()
  let relay = PublishRelay<Int>()
  let subscription = relay.delay(.seconds(1), scheduler: scheduler).subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count {
    relay.accept(index)
    scheduler.advanceTo(scheduler.now.addingTimeInterval(1))
  }
  subscription.dispose()
}

@inline(never) func run_timeout() {
  // Each element restarts the timer; virtual time moves 1 s every 8 elements, never reaching the timeout.
  let scheduler = HistoricalScheduler()
  let relay = PublishRelay<Int>()
  let subscription = relay.timeout(.seconds(10), scheduler: scheduler).subscribe(onNext: { sink.total &+= $0 })
  for index in 0..<count {
    relay.accept(index)
    if index & 7 == 7 { scheduler.advanceTo(scheduler.now.addingTimeInterval(1)) }
  }
  subscription.dispose()
}

@inline(never) func run_buffer() {
  // Arrays of 8: every 8th element emits one (and restarts the time span, which never ends).
  let scheduler = HistoricalScheduler()
  let relay = PublishRelay<Int>()
  let subscription = relay.buffer(timeSpan: .seconds(100), count: 8, scheduler: scheduler)
    .subscribe(onNext: { sink.total &+= $0.count })
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

@inline(never) func run_window() {
  // Windows of 8: every element goes to the current window's subscriber; every 8th rotates the window.
  let scheduler = HistoricalScheduler()
  let relay = PublishRelay<Int>()
  let subscription = relay.window(timeSpan: .seconds(100), count: 8, scheduler: scheduler)
    .subscribe(onNext: { window in _ = window.subscribe(onNext: { sink.total &+= $0 }) })
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

@inline(never) func run_driver() {
  let relay = BehaviorRelay(value: 0)
  let subscription = MainActor.assumeIsolated { relay.asDriver().drive(onNext: { sink.total &+= $0 }) }
  for index in 0..<count { relay.accept(index) }
  subscription.dispose()
}

/// The async bridge cases; returns the sum of what the consumer saw.
func runBridge() async -> Int {
  var total = 0
  switch name {
  case "values.buffered":
    // Every element is buffered during the subscription (the first `next()`); the loop drains the buffer.
    do {
      // Filled with a specialised loop: `Array(0..<count)` goes through generic code that costs more per
      // element than the drain.
      var elements = [Int]()
      elements.reserveCapacity(count)
      for element in 0..<count { elements.append(element) }
      for try await element in Observable.from(elements).values { total &+= element }
    } catch {
      fatalError("values failed: \(error)")
    }
  case "asObservable.AsyncStream":
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    for element in 0..<count { continuation.yield(element) }
    continuation.finish()
    total = await drain(stream.asObservable())
  case "asObservable.syncSequence":
    total = await drain(SyncSequence(base: 0..<count).asObservable())
  case "floor.forAwait.AsyncStream":
    // The floor of `asObservable.AsyncStream` (the same pre-filled stream, drained by a bare `for await`), and the
    // peer of `values.buffered` (fill an unbounded buffer, then drain it).
    let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    for element in 0..<count { continuation.yield(element) }
    continuation.finish()
    for await element in stream { total &+= element }
  case "floor.forAwait.syncSequence":
    for await element in SyncSequence(base: 0..<count) { total &+= element }
  case "Single.just.value":
    do {
      for element in 0..<count { total &+= try await Single.just(element).value }
    } catch {
      fatalError("Single.value failed: \(error)")
    }
  case "Single.create.value":
    do {
      for element in 0..<count {
        total &+= try await Single<Int>.create { observer in
          observer(.success(element))
          return Disposables.create()
        }.value
      }
    } catch {
      fatalError("Single.value failed: \(error)")
    }
  default:
    fatalError("not a bridge case: \(name)")
  }
  return total
}

/// Subscribes and waits for the stop event; returns the sum of the elements.
func drain(_ source: Observable<Int>) async -> Int {
  let total = Accumulator()
  await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
    _ = source.subscribe(
      onNext: { total.total &+= $0 },
      onError: { _ in finished.resume() },
      onCompleted: { finished.resume() }
    )
  }
  return total.total
}

/// A synchronous sequence as an async sequence that never suspends: the shape of swift-async-algorithms'
/// `AsyncSyncSequence` (`(0..<count).async` in the benchmark suite), which this package does not depend on.
struct SyncSequence<Base: Sequence & Sendable>: AsyncSequence, Sendable {
  let base: Base

  struct AsyncIterator: AsyncIteratorProtocol {
    var iterator: Base.Iterator?

    mutating func next() async -> Base.Element? {
      guard !Task.isCancelled, let value = iterator?.next() else {
        iterator = nil
        return nil
      }
      return value
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(iterator: base.makeIterator()) }
}

// Cases across threads and actors: in a task, while the main run loop executes the main actor's jobs.
if asyncCaseNames.contains(name) {
  Task.detached {
    sink.total = await runAsyncCase(name, count: count)
    print(sink.total)
    exit(0)
  }
  RunLoop.main.run()
}

// Main-queue cases: Driver delivery, and the store (main actor) with its adapters.
if name == "driver" || name.hasPrefix("state.") || name.hasPrefix("store.") {
  // Driver delivery is measured on the main queue; `RunLoop.main` drains it (valgrind 3.19 crashes in the signal
  // thread that `dispatchMain()` starts).
  DispatchQueue.main.async {
    run()
    print(sink.total)
    exit(0)
  }
  RunLoop.main.run()
} else {
  run()
  print(sink.total)
}
