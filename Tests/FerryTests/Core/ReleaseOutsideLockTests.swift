import Dispatch
import Ferry
import Testing

/// An element (or observer) whose `deinit` runs a closure: the closure re-enters the stream that dropped it.
///
/// If the stream releases the probe while holding its lock, the closure blocks on that same lock and the test's
/// thread never finishes (the test fails on its deadline instead of hanging the suite).
private final class Probe: Sendable {
  let onDeinit: @Sendable () -> Void
  init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

/// An observer whose `deinit` runs a closure (an observer dropped under a lock deadlocks the same way).
private final class ProbeObserver<Element>: ObserverType, Sendable {
  let onDeinit: @Sendable () -> Void
  init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  func on(_ event: Event<Element>) {}
  deinit { onDeinit() }
}

/// Runs `body` on a dedicated thread and reports whether it finished within `seconds` (a deadlock does not).
private func finishes(within seconds: Double = 5, _ body: @escaping @Sendable () -> Void) -> Bool {
  runOnThreads(1, timeout: seconds) { _ in body() }
}

/// Anything a stream replaces or drops (an element, a replay slot, a queued event, an observer) is released after
/// its lock is given up, since a `deinit` can run user code that calls back into the stream.
@Suite("Released values are released outside the lock")
struct ReleaseOutsideLockTests {
  @Test func behaviorRelayReplacedValueReadsValueInDeinit() {
    let ok = finishes {
      let relay = BehaviorRelay<Probe?>(value: nil)
      let reads = LockedBox(0)
      relay.accept(
        Probe { [weak relay] in
          _ = relay?.value
          reads.withLock { $0 += 1 }
        })
      relay.accept(nil)
      #expect(reads.current == 1)
    }
    #expect(ok, "BehaviorRelay released the replaced value under its lock")
  }

  @Test func behaviorRelayWithSubscriberReplacedValueReadsValueInDeinit() {
    let ok = finishes {
      let relay = BehaviorRelay<Probe?>(value: nil)
      let subscription = relay.subscribe(onNext: { _ in })
      relay.accept(Probe { [weak relay] in _ = relay?.value })
      relay.accept(nil)
      subscription.dispose()
    }
    #expect(ok, "BehaviorRelay released the replaced value under its lock")
  }

  @Test func behaviorSubjectReplacedValueReadsValueInDeinit() {
    let ok = finishes {
      let subject = BehaviorSubject<Probe?>(value: nil)
      subject.onNext(Probe { [weak subject] in _ = try? subject?.value() })
      subject.onNext(nil)
    }
    #expect(ok, "BehaviorSubject released the replaced value under its lock")
  }

  @Test func replaySubjectOverwrittenSlotReadsSubjectInDeinit() {
    let ok = finishes {
      let subject = ReplaySubject<Probe?>.create(bufferSize: 1)
      subject.onNext(Probe { [weak subject] in _ = subject?.hasObservers })
      subject.onNext(nil)
    }
    #expect(ok, "ReplaySubject released an overwritten replay slot under its lock")
  }

  @Test func replayRelayOverwrittenSlotSubscribesInDeinit() {
    let ok = finishes {
      let relay = ReplayRelay<Probe?>.create(bufferSize: 2)
      relay.accept(Probe { [weak relay] in relay?.subscribe(onNext: { _ in }).dispose() })
      relay.accept(nil)
      relay.accept(nil)
    }
    #expect(ok, "ReplayRelay released an overwritten replay slot under its lock")
  }

  @Test func publishSubjectQueuedEventReadsSubjectInDeinit() {
    let ok = finishes {
      let subject = PublishSubject<Probe?>()
      let sentReentrantly = LockedBox(false)
      let subscription = subject.subscribe(onNext: { [weak subject] _ in
        guard
          !sentReentrantly.withLock({ flag in
            defer { flag = true }; return flag
          })
        else { return }
        // Queued behind the delivery in progress; the queue must not release it under the lock.
        subject?.onNext(Probe { [weak subject] in _ = subject?.hasObservers })
      })
      subject.onNext(nil)
      subscription.dispose()
    }
    #expect(ok, "PublishSubject released a queued event under its lock")
  }

  @Test func publishRelayQueuedEventSubscribesInDeinit() {
    let ok = finishes {
      let relay = PublishRelay<Probe?>()
      let sentReentrantly = LockedBox(false)
      let subscription = relay.subscribe(onNext: { [weak relay] _ in
        guard
          !sentReentrantly.withLock({ flag in
            defer { flag = true }; return flag
          })
        else { return }
        relay?.accept(Probe { [weak relay] in relay?.subscribe(onNext: { _ in }).dispose() })
      })
      relay.accept(nil)
      subscription.dispose()
    }
    #expect(ok, "PublishRelay released a queued event under its lock")
  }

  @Test func queuedObserverDisposedBeforeAddingReadsSubjectInDeinit() {
    let ok = finishes {
      let subject = PublishSubject<Int>()
      let done = LockedBox(false)
      let subscription = subject.subscribe(onNext: { [weak subject] _ in
        guard let subject,
          !done.withLock({ flag in
            defer { flag = true }; return flag
          })
        else { return }
        // Subscribed during delivery (so queued), then disposed before the queue adds it: the queue drops it.
        subject.subscribe(ProbeObserver<Int> { [weak subject] in _ = subject?.hasObservers }).dispose()
      })
      subject.onNext(1)
      subscription.dispose()
    }
    #expect(ok, "a subject released a dropped observer under its lock")
  }

  @Test func completedSubjectDropsObserversOutsideLock() {
    let ok = finishes {
      let subject = BehaviorSubject<Int>(value: 0)
      let subscription = subject.subscribe(ProbeObserver<Int> { [weak subject] in _ = subject?.hasObservers })
      subject.onCompleted()
      subscription.dispose()
    }
    #expect(ok, "a subject released its observers under its lock on completion")
  }

  @Test func asyncSubjectReplacedLastElementReadsSubjectInDeinit() {
    let ok = finishes {
      let subject = AsyncSubject<Probe?>()
      subject.onNext(Probe { [weak subject] in _ = subject?.hasObservers })
      subject.onNext(nil)
    }
    #expect(ok, "AsyncSubject released the replaced last element under its lock")
  }

  @Test(arguments: [1, 2])
  func shareReplayOverwrittenSlotSubscribesInDeinit(replay: Int) {
    let ok = finishes {
      let source = PublishSubject<Probe?>()
      let shared = source.share(replay: replay)
      let subscription = shared.subscribe(onNext: { _ in })
      source.onNext(Probe { [weak shared] in shared?.subscribe(onNext: { _ in }).dispose() })
      for _ in 0..<replay { source.onNext(nil) }
      subscription.dispose()
    }
    #expect(ok, "share(replay:) released an overwritten replay slot under its lock")
  }

  @Test func shareForeverKeepsWorkingWhenReplayedValueReentersOnRelease() {
    let ok = finishes {
      let source = PublishSubject<Probe?>()
      let shared = source.share(replay: 1, scope: .forever)
      let subscription = shared.subscribe(onNext: { _ in })
      source.onNext(Probe { [weak shared] in shared?.subscribe(onNext: { _ in }).dispose() })
      source.onNext(nil)
      subscription.dispose()
    }
    #expect(ok, "share(replay:scope: .forever) released an overwritten replay slot under its lock")
  }

  @Test(arguments: [ValuesBufferingPolicy.bufferingNewest(1), .bufferingOldest(1)])
  func valuesBufferDroppedElementReentersSourceInDeinit(policy: ValuesBufferingPolicy) async throws {
    let relay = PublishRelay<Probe?>()
    var iterator = relay.asObservable().startWith(nil).values(bufferingPolicy: policy).makeAsyncIterator()
    // Subscribes and takes the `nil` without suspending; from now on nobody pulls, so the buffer fills and drops.
    let first = try await iterator.next()
    #expect(first.map { $0 == nil } == true)
    let released = LockedBox(0)
    let ok = finishes {
      for _ in 0..<3 {
        relay.accept(
          Probe { [weak relay] in
            // Re-enters the relay, whose delivery re-enters the `values` buffer that dropped this element.
            relay?.accept(nil)
            released.withLock { $0 += 1 }
          })
      }
    }
    #expect(ok, "values(bufferingPolicy: \(policy)) released a dropped element under its lock")
    #expect(released.current >= 2, "the policy dropped elements")
    _ = iterator
  }

  @Test func valuesIteratorDroppedWithBufferedElementsReleasesThemOutsideLock() async throws {
    let relay = PublishRelay<Probe?>()
    let holder = IteratorHolder(relay.asObservable().startWith(nil).values.makeAsyncIterator())
    _ = try await holder.iterator?.next()
    let released = LockedBox(0)
    relay.accept(
      Probe { [weak relay] in
        relay?.accept(nil)
        released.withLock { $0 += 1 }
      })
    let ok = finishes {
      // Dropping the iterator cancels the iteration; the elements still buffered are released after the lock.
      holder.iterator = nil
    }
    #expect(ok, "values released its buffer under its lock when the iteration ended")
    #expect(released.current == 1)
  }
}

/// Hands a `values` iterator to the test's thread.
///
/// `@unchecked Sendable`: `iterator` is touched by one thread at a time; the hand-over happens through the thread's
/// start and the semaphore the test waits on.
private final class IteratorHolder<Iterator>: @unchecked Sendable {
  var iterator: Iterator?
  init(_ iterator: Iterator) { self.iterator = iterator }
}

/// The same rule for the operators that keep the latest element of a source under their lock.
@Suite("Operators release replaced elements outside the lock")
struct OperatorReleaseOutsideLockTests {
  /// Feeds `relay` a probe, then `nil`s, through `build(relay, other)`. The probe's deinit sends to `other` (the
  /// operator's second source, so it enters the operator's lock directly) and disposes the subscription (which
  /// takes it too in the timed operators): either deadlocks if the operator released the probe under its lock.
  private static func expectNoDeadlock(
    _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ build: @escaping @Sendable (PublishRelay<Probe?>, PublishRelay<Int>) -> Observable<Int>
  ) {
    let ok = finishes {
      let relay = PublishRelay<Probe?>()
      let other = PublishRelay<Int>()
      let subscription = LockedBox<(any Disposable)?>(nil)
      subscription.withLock { $0 = build(relay, other).subscribe(onNext: { _ in }) }
      other.accept(0)
      relay.accept(
        Probe {
          other.accept(1)
          subscription.current?.dispose()
        })
      relay.accept(nil)
      relay.accept(nil)
      subscription.current?.dispose()
    }
    #expect(ok, "\(name) released a replaced element under its lock", sourceLocation: sourceLocation)
  }

  @Test func withLatestFrom() {
    Self.expectNoDeadlock("withLatestFrom") { relay, other in
      other.asObservable().withLatestFrom(relay) { value, _ in value }
    }
  }

  @Test func combineLatest() {
    Self.expectNoDeadlock("combineLatest") { relay, other in
      Observable.combineLatest(relay.asObservable(), other.asObservable()) { _, value in value }
    }
  }

  @Test func sample() {
    Self.expectNoDeadlock("sample") { relay, other in
      relay.asObservable().sample(other.asObservable()).map { _ in 0 }
    }
  }

  @Test func debounce() {
    Self.expectNoDeadlock("debounce") { relay, _ in
      relay.asObservable().debounce(.seconds(100), scheduler: MainScheduler.asyncInstance).map { _ in 0 }
    }
  }

  @Test func throttleLatest() {
    Self.expectNoDeadlock("throttle") { relay, _ in
      relay.asObservable().throttle(.seconds(100), latest: true, scheduler: MainScheduler.asyncInstance)
        .map { _ in 0 }
    }
  }

  /// `flatMapLatest` keeps the latest inner subscription under its lock: the superseded one is disposed and released
  /// after it. Its disposal sends into the next inner sequence and disposes the result.
  @Test func flatMapLatestSupersededInnerSubscription() {
    Self.expectNoDeadlock("flatMapLatest") { relay, other in
      relay.asObservable().flatMapLatest { probe in
        Observable<Int>.create { observer in
          let forwarding = other.subscribe(observer)
          return Disposables.create {
            forwarding.dispose()
            withExtendedLifetime(probe) {}
          }
        }
      }
    }
  }
}
