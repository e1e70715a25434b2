import Ferry
import FerryTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// RxSwift API that client code and RxSwift's own tests use, with RxSwift's timelines.
@Suite struct RxSwiftAPIFidelityTests {
  private func isRxError(_ error: (any Error)?, _ expected: RxError) -> Bool {
    guard let error = error as? RxError else { return false }
    return error.debugDescription == expected.debugDescription
  }

  @Test func rangeAndRepeatElementOnAScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let range = scheduler.start { Observable.range(start: 5, count: 3, scheduler: scheduler) }
    #expect(range.events == [.next(201, 5), .next(202, 6), .next(203, 7), .completed(204)])

    let emptyScheduler = TestScheduler(initialClock: 0)
    let empty = emptyScheduler.start { Observable.range(start: 0, count: 0, scheduler: emptyScheduler) }
    #expect(empty.events == [.completed(201)])

    let repeating = TestScheduler(initialClock: 0)
    let repeated = repeating.start { Observable.repeatElement("x", scheduler: repeating).take(3) }
    #expect(repeated.events == [.next(201, "x"), .next(202, "x"), .next(203, "x"), .completed(203)])
  }

  @Test func rangeOfASmallIntegerTypeReachesItsMaximum() throws {
    let elements = try Observable<Int8>.range(start: 125, count: 3, scheduler: CurrentThreadScheduler.instance)
      .toBlocking().toArray()
    #expect(elements == [125, 126, 127])
  }

  @Test func generateIteratesWhileTheConditionHolds() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start {
      Observable.generate(initialState: 1, condition: { $0 < 20 }, scheduler: scheduler) { $0 * 3 }
    }
    #expect(observer.events == [.next(201, 1), .next(202, 3), .next(203, 9), .completed(204)])
    // The default scheduler runs synchronously; each subscription starts again from the initial state.
    let generated = Observable.generate(initialState: 0, condition: { $0 < 3 }) { $0 + 1 }
    #expect(try generated.toBlocking().toArray() == [0, 1, 2])
    #expect(try generated.toBlocking().toArray() == [0, 1, 2])
  }

  @Test func generateEndsWithTheErrorItsClosuresThrow() {
    let scheduler = TestScheduler(initialClock: 0)
    let iterating = scheduler.start {
      Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { state -> Int in
        if state == 1 { throw TestError(id: 1) }
        return state + 1
      }
    }
    #expect(iterating.events == [.next(201, 0), .next(202, 1), .error(203, TestError(id: 1))])
    let testing = TestScheduler(initialClock: 0)
    let condition = testing.start {
      Observable.generate(
        initialState: 0, condition: { _ -> Bool in throw TestError(id: 2) }, scheduler: testing
      ) { $0 }
    }
    #expect(condition.events == [.error(201, TestError(id: 2))])
  }

  @Test func scheduledSourcesOnTheTrampolineStopWhenADownstreamFinishesDuringSubscribe() {
    // On the current thread's trampoline every step runs inside `subscribe`; `take` finishes before the source's
    // subscription exists. The source must stop there (it used to loop forever), without another `iterate`.
    let iterations = Counter()
    let generated = LockedBox<[Int]>([])
    _ = Observable.generate(initialState: 0, condition: { _ in true }) { state -> Int in
      iterations.increment()
      return state + 1
    }
    .take(4)
    .subscribe(onNext: { element in generated.withLock { $0.append(element) } })
    #expect(generated.current == [0, 1, 2, 3])
    #expect(iterations.value == 3)

    let repeated = LockedBox<[String]>([])
    _ = Observable.repeatElement("x", scheduler: CurrentThreadScheduler.instance).take(3)
      .subscribe(onNext: { element in repeated.withLock { $0.append(element) } })
    #expect(repeated.current == ["x", "x", "x"])
    let ranged = LockedBox<[Int]>([])
    _ = Observable.range(start: 0, count: Int.max, scheduler: CurrentThreadScheduler.instance).take(2)
      .subscribe(onNext: { element in ranged.withLock { $0.append(element) } })
    #expect(ranged.current == [0, 1])
  }

  @Test func singleEmitsTheOnlyElementAtOnce() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let one = try scheduler.createHotObservable("^-1---|", of: Int.self)
    let observer = scheduler.start { one.single() }
    expectMarbles(observer.events, "^-1---|", values: ["1": 1])

    // A second element fails the sequence at once (the first one has already been emitted).
    let failing = TestScheduler(initialClock: 0)
    let two = try failing.createHotObservable("^-1-2-|", of: Int.self)
    let secondObserver = failing.start { two.single() }
    #expect(secondObserver.events.count == 2)
    #expect(secondObserver.events.first == .next(220, 1))
    #expect(secondObserver.events.last?.time == 240)
    #expect(isRxError(secondObserver.events.last?.value.error, .moreThanOneElement))
    expectSubscriptions(two.subscriptions, "^---!")
  }

  @Test func singleOfAnEmptySequenceFailsAndThePredicateFormFilters() throws {
    let empty = Observable<Int>.empty().single().toBlocking().materialize()
    guard case .failed(let elements, let error) = empty else {
      Issue.record("expected .failed, got \(empty)")
      return
    }
    #expect(elements.isEmpty)
    #expect(isRxError(error, .noElements))

    #expect(try Observable.of(1, 2, 3).single { $0 == 2 }.toBlocking().toArray() == [2])
    let thrown = Observable.of(1, 2).single { _ in throw TestError(id: 3) }.toBlocking().materialize()
    guard case .failed(_, let predicateError) = thrown else {
      Issue.record("expected .failed, got \(thrown)")
      return
    }
    #expect(predicateError as? TestError == TestError(id: 3))
  }

  @Test func enumeratedCountsFromZero() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let source = try scheduler.createHotObservable("^-a-b-c-|", of: String.self)
    let observer = scheduler.start { source.enumerated().map { "\($0.index)\($0.element)" } }
    expectMarbles(observer.events, "^-A-B-C-|", values: ["A": "0a", "B": "1b", "C": "2c"])
    // Each subscription counts on its own.
    let enumerated = Observable.of("x", "y").enumerated().map(\.index)
    #expect(try enumerated.toBlocking().toArray() == [0, 1])
    #expect(try enumerated.toBlocking().toArray() == [0, 1])
  }

  @Test func replayRelayAsInfallibleReplaysAndBindsInfallibles() {
    let relay = ReplayRelay<Int>.create(bufferSize: 2)
    relay.accept(1)
    relay.accept(2)
    relay.accept(3)
    let received = LockedBox<[Int]>([])
    let subscription = relay.asInfallible().subscribe(onNext: { value in received.withLock { $0.append(value) } })
    relay.accept(4)
    subscription.dispose()
    #expect(received.current == [2, 3, 4])

    let optionals = PublishSubject<Int?>()
    let optionalRecorder = EventRecorder<Int?>()
    _ = optionals.subscribe(optionalRecorder)
    let replay = ReplayRelay<Int?>.create(bufferSize: 1)
    let behavior = BehaviorRelay<Int?>(value: nil)
    _ = Infallible.of(7).bind(to: optionals)
    _ = Infallible.of(8).bind(to: replay)
    _ = Infallible.of(9).bind(to: behavior)
    #expect(optionalRecorder.events.current == [.next(7), .completed])
    #expect(behavior.value == 9)

    // The curried binder form: `bind(to: function, curriedArgument:)`.
    func prefixed(_ infallible: Infallible<Int>) -> (String) -> [String] {
      { prefix in (try? infallible.asObservable().toBlocking().toArray().map { "\(prefix)\($0)" }) ?? [] }
    }
    #expect(Infallible.of(1, 2).bind(to: prefixed, curriedArgument: "#") == ["#1", "#2"])
  }

  @Test func decodeDecodesEachElementAndFailsWithTheDecodingError() throws {
    struct Item: Decodable, Equatable {
      let id: Int
    }
    let data = [Data(#"{"id": 1}"#.utf8), Data(#"{"id": 2}"#.utf8)]
    let decoded = try Observable.from(data).decode(type: Item.self, decoder: JSONDecoder()).toBlocking().toArray()
    #expect(decoded == [Item(id: 1), Item(id: 2)])
    let failing = Observable.of(Data("not json".utf8)).decode(type: Item.self, decoder: JSONDecoder())
      .toBlocking().materialize()
    guard case .failed(let elements, let error) = failing else {
      Issue.record("expected .failed, got \(failing)")
      return
    }
    #expect(elements.isEmpty)
    #expect(error is DecodingError)
  }

  @Test func notificationCenterNotificationStopsAtDisposal() {
    let center = NotificationCenter()
    let name = Notification.Name("FerryTestNotification")
    let sender = NSObject()
    let received = LockedBox<[String]>([])
    let notifications: Observable<Notification> = center.rx.notification(name, object: sender)
    let values: Observable<String> = notifications.map { (notification: Notification) -> String in
      notification.userInfo?["value"] as? String ?? "?"
    }
    let subscription = values.subscribe(onNext: { (value: String) in received.withLock { $0.append(value) } })
    center.post(name: name, object: sender, userInfo: ["value": "a"])
    center.post(name: name, object: NSObject(), userInfo: ["value": "other sender"])
    center.post(name: Notification.Name("Other"), object: sender, userInfo: ["value": "other name"])
    subscription.dispose()
    center.post(name: name, object: sender, userInfo: ["value": "after dispose"])
    #expect(received.current == ["a"])
  }

  @Test func operationQueueSchedulerRunsActionsAndCancelsDisposedOnes() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.isSuspended = true
    let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
    #expect(scheduler.queuePriority == .high)
    let ran = LockedBox<[Int]>([])
    _ = scheduler.schedule(1) { value in
      ran.withLock { $0.append(value) }
      return Disposables.create()
    }
    let cancelled = scheduler.schedule(2) { value in
      ran.withLock { $0.append(value) }
      return Disposables.create()
    }
    cancelled.dispose()
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(ran.current == [1])

    let elements = try? Observable.of(1, 2, 3).observe(on: scheduler).toBlocking(timeout: 10).toArray()
    #expect(elements == [1, 2, 3])
  }

  @Test func aConverterDeclaredAsInRxSwiftDrivesAVirtualTimeScheduler() {
    /// A converter written against RxSwift's protocol: the interval in seconds and an explicit comparison.
    struct TenthsConverter: VirtualTimeConverterType {
      func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) / 10)
      }
      func convertToVirtualTime(_ time: RxTime) -> Int { Int((time.timeIntervalSince1970 * 10).rounded()) }
      func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        Double(virtualTimeInterval) / 10
      }
      func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int((timeInterval * 10).rounded()) }
      func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
      func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
      }
    }
    let scheduler = VirtualTimeScheduler(initialClock: 0, converter: TenthsConverter())
    let ranAt = LockedBox<[Int]>([])
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_500)) { _ in
      ranAt.withLock { $0.append(scheduler.clock) }
      return Disposables.create()
    }
    scheduler.start()
    #expect(ranAt.current == [15])
    #expect(TenthsConverter().compareVirtualTime(1, 2) == .lessThan)
    // Ferry's own converters get the RxSwift form from their `RxTimeInterval` one.
    #expect(HistoricalSchedulerTimeConverter().convertToVirtualTimeInterval(2.5 as TimeInterval) == 2.5)
    #expect(HistoricalSchedulerTimeConverter().compareVirtualTime(Date(), .distantFuture) == .lessThan)
  }

  @Test func urlSessionDataFailsWithTheRequestsError() throws {
    let url = try #require(URL(string: "ferry-unsupported-scheme://example"))
    let result = URLSession.shared.rx.data(request: URLRequest(url: url)).toBlocking(timeout: 10).materialize()
    guard case .failed(let elements, let error) = result else {
      Issue.record("expected .failed, got \(result)")
      return
    }
    #expect(elements.isEmpty)
    #expect((error as NSError).code == NSURLErrorUnsupportedURL)
  }
}

/// Shared-sequence API: public `asSharedSequence(…)`, the default `asObservable()`, `withLatestFrom` across sharing
/// strategies.
@Suite @MainActor struct SharedSequenceAPIFidelityTests {
  /// A type that adopts `SharedSequenceConvertibleType` with `asSharedSequence()` only, as RxExample's
  /// `ActivityIndicator` does.
  private struct Loading: SharedSequenceConvertibleType {
    typealias Element = Bool
    typealias SharingStrategy = DriverSharingStrategy
    let relay = BehaviorRelay(value: false)
    func asSharedSequence() -> Driver<Bool> { relay.asDriver() }
  }

  @Test func anAdopterGetsAsObservableFromAsSharedSequence() throws {
    try SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let loading = Loading()
      let first = try loading.asObservable().take(1).toBlocking().toArray()
      #expect(first == [false])
      let received = LockedBox<[Bool]>([])
      let subscription = loading.drive(onNext: { value in received.withLock { $0.append(value) } })
      loading.relay.accept(true)
      subscription.dispose()
      #expect(received.current == [false, true])
    }
  }

  @Test func asSharedSequenceRecoversFromErrors() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let failing = Observable<Int>.error(TestError(id: 1)).startWith(1)
      let justReturn = LockedBox<[Int]>([])
      let driveWith = LockedBox<[Int]>([])
      let recover = LockedBox<[Int]>([])
      let bag = DisposeBag()
      bag.insert {
        failing.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: -1)
          .drive(onNext: { value in justReturn.withLock { $0.append(value) } })
        let signal: Signal<Int> = failing.asSharedSequence(onErrorDriveWith: .just(-2))
        signal.emit(onNext: { value in driveWith.withLock { $0.append(value) } })
        failing.asSharedSequence(sharingStrategy: SignalSharingStrategy.self) { _ in .just(-3) }
          .emit(onNext: { value in recover.withLock { $0.append(value) } })
      }
      #expect(justReturn.current == [1, -1])
      #expect(driveWith.current == [1, -2])
      #expect(recover.current == [1, -3])
    }
  }

  @Test func aSignalSamplesTheLatestElementOfADriver() {
    SharingScheduler.mock(scheduler: ImmediateTestScheduler()) {
      let taps = PublishRelay<Void>()
      let text = BehaviorRelay(value: "a")
      let sampled = LockedBox<[String]>([])
      let combined = LockedBox<[String]>([])
      let bag = DisposeBag()
      bag.insert {
        taps.asSignal().withLatestFrom(text.asDriver())
          .emit(onNext: { value in sampled.withLock { $0.append(value) } })
        taps.asSignal().withLatestFrom(text.asDriver()) { _, text in text.uppercased() }
          .emit(onNext: { value in combined.withLock { $0.append(value) } })
      }
      taps.accept(())
      text.accept("b")
      text.accept("c")
      taps.accept(())
      #expect(sampled.current == ["a", "c"])
      #expect(combined.current == ["A", "C"])
    }
  }
}
