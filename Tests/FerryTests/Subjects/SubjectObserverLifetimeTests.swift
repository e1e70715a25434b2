import Ferry
import Testing

/// A subject calls its observers through an unretained handle (`SubjectCore.Entry`), so the entry that owns an
/// observer must outlive every call made to it. These tests take the observer's last owner away *during* its call
/// (its own disposal, the subject's completion) and check that it is released after the call returns, never
/// during it, and that nothing keeps it afterwards.
@Suite("Subject observer lifetime")
struct SubjectObserverLifetimeTests {
  /// Logs its calls and its deinit; disposes its own subscription from inside `on(_:)` when asked to.
  final class Observer: ObserverType, @unchecked Sendable {
    // `@unchecked Sendable`: each test drives it from one thread.
    let log: LockedBox<[String]>
    let disposeOn: Int?
    var subscription: (any Disposable)?

    init(log: LockedBox<[String]>, disposeOn: Int? = nil) {
      self.log = log
      self.disposeOn = disposeOn
    }

    func on(_ event: Event<Int>) {
      switch event {
      case .next(let value):
        log.withLock { $0.append("start \(value)") }
        if value == disposeOn {
          subscription?.dispose()
          subscription = nil
        }
        // Still alive here: the subject's entry owns the observer until this call returns.
        log.withLock { $0.append("end \(value)") }
      case .error: log.withLock { $0.append("error") }
      case .completed: log.withLock { $0.append("completed") }
      }
    }

    deinit { log.withLock { $0.append("deinit") } }
  }

  @Test func anObserverThatDisposesItselfIsReleasedAfterItsCall() {
    let relay = PublishRelay<Int>()
    let log = LockedBox<[String]>([])
    weak var weakObserver: Observer?
    do {
      let observer = Observer(log: log, disposeOn: 2)
      weakObserver = observer
      observer.subscription = relay.asObservable().subscribe(observer)
    }
    relay.accept(1)
    #expect(weakObserver != nil)
    relay.accept(2)
    relay.accept(3)
    #expect(log.current == ["start 1", "end 1", "start 2", "end 2", "deinit"])
    #expect(weakObserver == nil)
  }

  @Test func anObserverDisposedByItsOwnCallToABehaviorRelayIsReleasedAfterIt() {
    let relay = BehaviorRelay(value: 0)
    let log = LockedBox<[String]>([])
    weak var weakObserver: Observer?
    do {
      let observer = Observer(log: log, disposeOn: 1)
      weakObserver = observer
      observer.subscription = relay.asObservable().subscribe(observer)
    }
    // The `.latest` path (the relay's lock, then the uncontended delivery).
    relay.accept(1)
    relay.accept(2)
    #expect(log.current == ["start 0", "end 0", "start 1", "end 1", "deinit"])
    #expect(weakObserver == nil)
  }

  @Test func completionReleasesEveryObserverAfterItsStopCall() {
    let subject = PublishSubject<Int>()
    let log = LockedBox<[String]>([])
    weak var first: Observer?
    weak var second: Observer?
    do {
      let one = Observer(log: log)
      let two = Observer(log: log)
      first = one
      second = two
      _ = subject.subscribe(one)
      _ = subject.subscribe(two)
    }
    subject.onNext(1)
    subject.onCompleted()
    #expect(log.current == ["start 1", "end 1", "start 1", "end 1", "completed", "completed", "deinit", "deinit"])
    #expect(first == nil)
    #expect(second == nil)
  }
}
