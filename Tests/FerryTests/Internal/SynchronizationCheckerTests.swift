import Foundation
import Testing

@testable import Ferry

// The checker exists only in debug builds; in a release build these calls would not stop the process.
#if DEBUG

/// The debug-build synchronisation checker: two threads inside a grammar-reliant sink's `on(_:)` at once stop the
/// process with the operator's name; a re-entrant call from the same thread warns and goes on (as RxSwift); calls
/// that take turns pass silently.
@Suite struct SynchronizationCheckerTests {
  // MARK: overlapping calls from two threads stop the process

  @Test func overlappingCallsIntoTakeStopNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      overlapTwoThreads { $0.take(5) }
    }
    expectStandardError(of: result, contains: "Ferry: take(_:) received overlapping on(_:) calls from two threads")
  }

  @Test func overlappingCallsIntoDistinctUntilChangedStopNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      overlapTwoThreads { $0.distinctUntilChanged() }
    }
    expectStandardError(
      of: result, contains: "Ferry: distinctUntilChanged received overlapping on(_:) calls from two threads")
  }

  @Test func overlappingCallsIntoScanStopNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      overlapTwoThreads { $0.scan(0, accumulator: +) }
    }
    expectStandardError(of: result, contains: "Ferry: scan received overlapping on(_:) calls from two threads")
  }

  @Test func overlappingCallsIntoSkipStopNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      overlapTwoThreads { $0.skip(0) }  // 0: the first element must reach the observer, which holds it
    }
    expectStandardError(of: result, contains: "Ferry: skip(_:) received overlapping on(_:) calls from two threads")
  }

  @Test func overlappingCallsIntoCreatesObserverStopNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let captured = LockedObserver<Int>()
      let source = Observable<Int>.create { observer in
        captured.set(observer)
        return Disposables.create()
      }
      overlapTwoThreads(subscribe: source, sendTo: { captured.get() })
    }
    expectStandardError(
      of: result, contains: "Ferry: Observable.create received overlapping on(_:) calls from two threads")
  }

  // MARK: calls that take turns pass

  @Test func callsFromTwoThreadsTakingTurnsPass() {
    let source = ObserverCapturingSource<Int>()
    let received = LockedValues<Int>()
    let subscription = source.take(5).distinctUntilChanged().scan(0, accumulator: +).subscribe(onNext: {
      received.append($0)
    })
    defer { subscription.dispose() }
    let observer = source.observer
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      observer.on(.next(1))
      done.signal()
    }
    done.wait()
    observer.on(.next(2))
    #expect(received.values == [1, 3])
  }

  @Test func createsObserverFromTwoThreadsTakingTurnsPasses() {
    let captured = LockedObserver<Int>()
    let received = LockedValues<Int>()
    let subscription = Observable<Int>.create { observer in
      captured.set(observer)
      return Disposables.create()
    }
    .subscribe(onNext: { received.append($0) })
    defer { subscription.dispose() }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      captured.get().on(.next(1))
      done.signal()
    }
    done.wait()
    captured.get().on(.next(2))
    #expect(received.values == [1, 2])
  }

  // MARK: a re-entrant call from the same thread warns and is delivered (RxSwift's "reentrancy anomaly")

  @Test func reentrantCallWarnsNamingTheOperatorAndIsDelivered() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let source = ObserverCapturingSource<Int>()
      let received = LockedValues<Int>()
      _ = source.take(5).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.observer.on(.next(2)) }
      })
      source.observer.on(.next(1))
      // The nested event is delivered inside the first, as RxSwift does: the checker only reports it.
      if received.values != [1, 2] { exit(1) }
    }
    expectStandardError(of: result, contains: "Ferry: warning: reentrancy anomaly in take(_:)")
  }
}

// MARK: - Support

/// Calls `on(.next(1))` on a background thread and, while the observer holds that call, `on(.next(2))` on the
/// calling thread. With the checker the second call stops the process; without it, it returns, the first call is
/// let go and the process exits normally (so the exit test fails instead of hanging).
private func overlapTwoThreads(_ operators: (Observable<Int>) -> Observable<Int>) {
  let source = ObserverCapturingSource<Int>()
  overlapTwoThreads(subscribe: operators(source.asObservable()), sendTo: { source.observer })
}

private func overlapTwoThreads(
  subscribe chain: Observable<Int>, sendTo observer: @escaping @Sendable () -> AnyObserver<Int>
) {
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  _ = chain.subscribe(onNext: { value in
    guard value == 1 else { return }
    entered.signal()
    release.wait()
  })
  Thread.detachNewThread { observer().on(.next(1)) }
  entered.wait()
  observer().on(.next(2))
  release.signal()
}

/// A source that hands its raw subscriber out, so that a test can call `on(_:)` the way a misbehaving source
/// would. A subclass of `Observable` (through `@testable`), not a custom `ObservableType`: those are adapted through
/// `Observable.create`, whose own checker would report the overlap before the operator's.
private final class ObserverCapturingSource<Element>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: `captured` is written once, by `subscribe`, before any test thread reads it.
  private var captured: AnyObserver<Element>?

  var observer: AnyObserver<Element> { captured! }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    captured = AnyObserver(observer)
    return Disposables.create()
  }
}

/// The observer `Observable.create` handed out, shared with the test's threads.
private final class LockedObserver<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: `observer` is only touched under `lock`.
  private let lock = NSLock()
  private var observer: AnyObserver<Element>?

  func set(_ observer: AnyObserver<Element>) { lock.withLock { self.observer = observer } }
  func get() -> AnyObserver<Element> { lock.withLock { observer! } }
}

/// Values received on any thread.
private final class LockedValues<Element>: @unchecked Sendable {
  // `@unchecked Sendable`: `storage` is only touched under `lock`.
  private let lock = NSLock()
  private var storage: [Element] = []

  func append(_ value: Element) { lock.withLock { storage.append(value) } }
  var values: [Element] { lock.withLock { storage } }
}

#endif
