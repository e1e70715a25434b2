import Ferry
import Testing

/// `bind(to:)`, `drive(_:)` and `emit(to:)` into relays: one relay (the fast path that skips the array walk) and
/// several, plain and optional, each element to every relay in order, and nothing after disposal.
@Suite("Binding into relays")
@MainActor
struct RelayBindingTests {
  private struct Screen: Equatable, Sendable {
    var title: String
  }

  @Test func bindIntoOneRelayAndIntoSeveral() {
    let source = PublishRelay<Screen>()
    let one = BehaviorRelay(value: Screen(title: ""))
    let first = BehaviorRelay<Screen?>(value: nil)
    let second = BehaviorRelay<Screen?>(value: nil)
    let replay = ReplayRelay<Screen>.create(bufferSize: 2)
    let bindings = [
      source.bind(to: one), source.bind(to: first, second), source.bind(to: replay),
    ]
    source.accept(Screen(title: "a"))
    source.accept(Screen(title: "b"))
    #expect(one.value.title == "b")
    #expect(first.value?.title == "b")
    #expect(second.value?.title == "b")
    let replayed = LockedBox<[String]>([])
    _ = replay.subscribe(onNext: { value in replayed.withLock { $0.append(value.title) } })
    #expect(replayed.current == ["a", "b"])
    bindings.forEach { $0.dispose() }
    source.accept(Screen(title: "c"))
    #expect(one.value.title == "b")
    #expect(first.value?.title == "b")
  }

  @Test func driveIntoOneRelayAndIntoSeveral() {
    let state = BehaviorRelay(value: Screen(title: "a"))
    let one = PublishRelay<Screen>()
    let copies = (BehaviorRelay(value: Screen(title: "")), BehaviorRelay(value: Screen(title: "")))
    let optional = BehaviorRelay<Screen?>(value: nil)
    let replay = ReplayRelay<Screen>.create(bufferSize: 1)
    let published = LockedBox<[String]>([])
    let observing = one.subscribe(onNext: { value in published.withLock { $0.append(value.title) } })
    let driver = state.asDriver()
    let drives = [
      driver.drive(one), driver.drive(copies.0, copies.1), driver.drive(optional), driver.drive(replay),
    ]
    state.accept(Screen(title: "b"))
    #expect(published.current == ["a", "b"])
    #expect(copies.0.value.title == "b")
    #expect(copies.1.value.title == "b")
    #expect(optional.value?.title == "b")
    drives.forEach { $0.dispose() }
    state.accept(Screen(title: "c"))
    #expect(published.current == ["a", "b"])
    #expect(copies.1.value.title == "b")
    observing.dispose()
  }

  @Test func emitIntoOneRelayAndIntoSeveral() {
    let events = PublishRelay<Screen>()
    let one = BehaviorRelay(value: Screen(title: ""))
    let pair = (PublishRelay<Screen?>(), PublishRelay<Screen?>())
    let replay = ReplayRelay<Screen>.create(bufferSize: 1)
    let received = LockedBox<[String?]>([])
    let observing = [
      pair.0.subscribe(onNext: { value in received.withLock { $0.append(value?.title) } }),
      pair.1.subscribe(onNext: { value in received.withLock { $0.append(value?.title) } }),
    ]
    let signal = events.asSignal()
    let emits = [signal.emit(to: one), signal.emit(to: pair.0, pair.1), signal.emit(to: replay)]
    events.accept(Screen(title: "a"))
    #expect(one.value.title == "a")
    #expect(received.current == ["a", "a"])
    let replayed = LockedBox<[String]>([])
    _ = replay.subscribe(onNext: { value in replayed.withLock { $0.append(value.title) } })
    #expect(replayed.current == ["a"])
    emits.forEach { $0.dispose() }
    events.accept(Screen(title: "b"))
    #expect(one.value.title == "a")
    #expect(received.current == ["a", "a"])
    observing.forEach { $0.dispose() }
  }

  @Test func infallibleBindsIntoOneRelayAndIntoSeveral() {
    let one = PublishRelay<Int>()
    let pair = (BehaviorRelay(value: 0), BehaviorRelay(value: 0))
    let published = LockedBox<[Int]>([])
    let observing = one.subscribe(onNext: { value in published.withLock { $0.append(value) } })
    _ = Infallible.of(1, 2).bind(to: one)
    _ = Infallible.of(3, 4).bind(to: pair.0, pair.1)
    #expect(published.current == [1, 2])
    #expect(pair.0.value == 4)
    #expect(pair.1.value == 4)
    observing.dispose()
  }

  @Test func bindingReleasesTheRelaysWhenDisposed() {
    let source = PublishRelay<Int>()
    weak var weakTarget: BehaviorRelay<Int>?
    let binding: any Disposable
    do {
      let target = BehaviorRelay(value: 0)
      weakTarget = target
      binding = source.bind(to: target)
      source.accept(1)
      #expect(target.value == 1)
    }
    #expect(weakTarget != nil)  // the binding keeps its relay
    binding.dispose()
    #expect(weakTarget == nil)
  }
}
