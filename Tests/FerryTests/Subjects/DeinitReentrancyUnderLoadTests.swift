import Dispatch
import Ferry
import Foundation
import Testing

/// An element whose `deinit` sends into the stream that dropped it (a replaced latest value, an evicted replay slot).
private final class Reentrant: @unchecked Sendable {
  // `@unchecked Sendable`: `send` is immutable and `@Sendable`.
  let send: @Sendable () -> Void
  init(_ send: @escaping @Sendable () -> Void) { self.send = send }
  deinit { send() }
}

/// How deeply deinit sends nest on the calling thread (a deinit that sends, releasing a value whose deinit sends…).
private func nested(most: LockedBox<Int>, _ body: () -> Void) {
  let key = "ferry.test.deinitNesting"
  let dictionary = Thread.current.threadDictionary
  let depth = (dictionary[key] as? Int ?? 0) + 1
  dictionary[key] = depth
  most.withLock { $0 = max($0, depth) }
  body()
  dictionary[key] = depth - 1
}

/// Four threads send elements whose `deinit` sends into the same subject or relay.
///
/// A subject releases what a send replaced (the latest value, a replay slot) while the thread is marked as
/// delivering, so the `deinit`'s send is queued behind the delivery in progress. If the release happened before the
/// mark (optimised code may end a value's lifetime at its last use), that send would wait for the emitter role its
/// own thread holds, and hang. Meaningful in release builds (`swift test -c release`); `.ci/run` runs it there.
///
/// It is released before the role is given back, too: released after, the `deinit`'s send started a delivery of its
/// own, nested on the stack, whose replaced value's `deinit` sent again — thousands of frames deep under contention,
/// which overflowed the 1 MiB stacks of these threads in the thread sanitizer's build. The deepest nesting of
/// `deinit` sends is checked.
@Suite("Re-entrant deinits under load", .timeLimit(.minutes(2)))
struct DeinitReentrancyUnderLoadTests {
  static let threads = 4
  static let perThread = 5_000

  /// Runs the workload against `send` and reports whether every thread finished (a deadlock does not); prints
  /// its figure (the stress step of `.ci/run` shows them).
  private static func finishes(
    _ name: String, _ send: @escaping @Sendable (Reentrant?) -> Void
  ) -> Bool {
    let start = DispatchTime.now().uptimeNanoseconds
    let most = LockedBox(0)
    let finished = runOnThreads(threads, timeout: 60) { _ in
      for _ in 0..<perThread { send(Reentrant { nested(most: most) { send(nil) } }) }
    }
    let milliseconds = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    print(
      "stress: \(name), \(threads) threads x \(perThread) sends with re-entrant deinits:"
        + (finished ? " \(milliseconds) ms" : " DEADLOCKED") + ", deepest deinit nesting \(most.current)")
    // Each nested send is queued behind the delivery that released the value, so nesting stays shallow.
    #expect(most.current <= maxNesting, "deinit sends nested \(most.current) deep")
    return finished
  }

  /// The deepest nesting of deinit sends allowed: a send's release may run one deinit whose send is queued, and
  /// that queued send's release one more.
  static let maxNesting = 4

  @Test func behaviorRelay() {
    let relay = BehaviorRelay<Reentrant?>(value: nil)
    let subscription = relay.subscribe(onNext: { _ in })
    #expect(Self.finishes("BehaviorRelay") { relay.accept($0) }, "BehaviorRelay deadlocked on a re-entrant deinit")
    subscription.dispose()
  }

  @Test func behaviorSubject() {
    let subject = BehaviorSubject<Reentrant?>(value: nil)
    let subscription = subject.subscribe(onNext: { _ in })
    #expect(
      Self.finishes("BehaviorSubject") { subject.onNext($0) }, "BehaviorSubject deadlocked on a re-entrant deinit")
    subscription.dispose()
  }

  @Test func replaySubjectOfOne() {
    let subject = ReplaySubject<Reentrant?>.create(bufferSize: 1)
    let subscription = subject.subscribe(onNext: { _ in })
    #expect(
      Self.finishes("ReplaySubject(1)") { subject.onNext($0) }, "ReplaySubject(1) deadlocked on a re-entrant deinit")
    subscription.dispose()
  }

  @Test func replayRelayOfOne() {
    let relay = ReplayRelay<Reentrant?>.create(bufferSize: 1)
    let subscription = relay.subscribe(onNext: { _ in })
    #expect(Self.finishes("ReplayRelay(1)") { relay.accept($0) }, "ReplayRelay(1) deadlocked on a re-entrant deinit")
    subscription.dispose()
  }

  @Test func publishRelay() {
    let relay = PublishRelay<Reentrant?>()
    let subscription = relay.subscribe(onNext: { _ in })
    #expect(Self.finishes("PublishRelay") { relay.accept($0) }, "PublishRelay deadlocked on a re-entrant deinit")
    subscription.dispose()
  }
}
