import Ferry
import FerryTesting
import Foundation
import Testing

@MainActor private final class Label {
  var text: String?
  var updates: [String?] = []
  var updatedOnMainQueue: [Bool] = []
}

extension Label {
  var textBinder: Binder<String?> {
    Binder(self) { label, text in
      label.text = text
      label.updates.append(text)
      label.updatedOnMainQueue.append(MainScheduler.isOnMainQueue)
    }
  }
}

/// A target for binders on other schedulers.
private final class Target: @unchecked Sendable {
  // `@unchecked Sendable`: only touched on the thread running the test scheduler.
  var values: [Int] = []
}

/// Waits, on the main actor, until `condition` holds; `condition` is checked after each main-queue job.
@MainActor private func mainQueueDrained() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

@Suite("Binder")
@MainActor
struct BinderTests {
  @Test func bindsSynchronouslyOnTheMainThread() {
    let label = Label()
    let relay = BehaviorRelay<String?>(value: "a")
    let disposable = relay.bind(to: label.textBinder)
    #expect(label.text == "a")
    relay.accept("b")
    #expect(label.updates == ["a", "b"])
    #expect(label.updatedOnMainQueue == [true, true])
    disposable.dispose()
  }

  @Test func ignoresCompletionAndKeepsTheTarget() {
    let label = Label()
    let binder = label.textBinder
    binder.on(.next("x"))
    binder.on(.completed)
    binder.on(.next("y"))
    #expect(label.updates == ["x", "y"])
  }

  @Test func holdsTheTargetWeaklyAndStopsBindingWhenItIsGone() {
    var label: Label? = Label()
    weak let weakLabel = label
    let binder = label!.textBinder
    label = nil
    #expect(weakLabel == nil)
    binder.on(.next("ignored"))
  }

  @Test func elementsFromAnotherThreadAreBoundOnTheMainQueueInOrder() async {
    let label = Label()
    let binder = label.textBinder
    // Send "1" from another thread while the main actor waits: it is queued for the main queue.
    let sent = DispatchSemaphore(value: 0)
    Thread {
      binder.on(.next("1"))
      sent.signal()
    }.start()
    sent.wait()
    #expect(label.updates.isEmpty)
    // "2" is sent on the main thread, but "1" is still queued: "2" must wait for it.
    binder.on(.next("2"))
    #expect(label.updates.isEmpty)
    await mainQueueDrained()
    #expect(label.updates == ["1", "2"])
    #expect(label.updatedOnMainQueue == [true, true])
    // Nothing queued any more: the main thread binds inline again.
    binder.on(.next("3"))
    #expect(label.updates == ["1", "2", "3"])
  }

  @Test func bindsOnTheGivenScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let target = Target()
    let binder = Binder<Int>(target, scheduler: scheduler) { target, value in
      target.values.append(value * 10 + scheduler.clock)
    }
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    scheduler.scheduleAt(200) { _ = xs.bind(to: binder) }
    scheduler.start()
    // With RxTest's processing delay, each binding runs one tick after its element.
    #expect(target.values == [10 + 211, 20 + 221])
  }

  @Test func drivesABinder() {
    let label = Label()
    let relay = BehaviorRelay<String?>(value: "first")
    let disposable = relay.asDriver().drive(label.textBinder)
    relay.accept("second")
    #expect(label.updates == ["first", "second"])
    disposable.dispose()
  }
}
