import Ferry
import FerryTesting
import Foundation
import Testing

// The pattern of Docs/DeclaringReactiveExtensions.md, on plain classes standing in for UIKit controls: an app
// declares the few control extensions it uses with `ControlEvent`, `ControlProperty` and `Binder`.

/// Stands in for a `UIButton`: it reports taps through a relay.
@MainActor private final class Button: ReactiveCompatible {
  let tapped = PublishRelay<Void>()
  func tap() { tapped.accept(()) }
}

/// Stands in for a `UITextField`: the user edits `text`; code sets it.
@MainActor private final class TextField: ReactiveCompatible {
  let edits: BehaviorRelay<String?>
  var text: String? {
    didSet { textSetByCode.append(text) }
  }
  var textSetByCode: [String?] = []

  init(text: String?) {
    self.text = text
    edits = BehaviorRelay(value: text)
  }

  func userTypes(_ newText: String?) {
    text = newText
    edits.accept(newText)
  }
}

extension Reactive where Base: Button {
  fileprivate var tap: ControlEvent<Void> { ControlEvent(events: base.tapped) }
}

extension Reactive where Base: TextField {
  @MainActor fileprivate var text: ControlProperty<String?> {
    ControlProperty(
      values: base.edits,
      valueSink: Binder(base) { field, text in field.text = text }
    )
  }
}

@Suite("ControlEvent and ControlProperty")
@MainActor
struct ControlEventPropertyTests {
  @Test func controlEventDeliversTapsWithoutAnInitialElement() {
    let button = Button()
    let taps = LockedBox(0)
    let disposable = button.rx.tap.subscribe(onNext: { taps.withLock { $0 += 1 } })
    #expect(taps.current == 0)
    button.tap()
    button.tap()
    #expect(taps.current == 2)
    disposable.dispose()
    button.tap()
    #expect(taps.current == 2)
  }

  @Test func controlEventConvertsToDriverSignalAndInfallible() {
    let button = Button()
    var driven = 0
    var emitted = 0
    let infallible = LockedBox(0)
    let bag = DisposeBag()
    button.rx.tap.asDriver().drive(onNext: { driven += 1 }).disposed(by: bag)
    button.rx.tap.asSignal().emit(onNext: { emitted += 1 }).disposed(by: bag)
    button.rx.tap.asInfallible().subscribe(onNext: { infallible.withLock { $0 += 1 } }).disposed(by: bag)
    button.tap()
    #expect(driven == 1)
    #expect(emitted == 1)
    #expect(infallible.current == 1)
    let viaProtocol = EventRecorder<Void>()
    button.rx.tap.asControlEvent().asObservable().subscribe(viaProtocol).disposed(by: bag)
    button.tap()
    #expect(viaProtocol.count == 1)
    #expect(driven == 2)
  }

  @Test func controlEventIsSubscribedOnTheMainThread() async {
    let subscribedOnMain = LockedBox<Bool?>(nil)
    let source = Observable<Int>.create { observer in
      subscribedOnMain.withLock { $0 = MainScheduler.isOnMainQueue }
      observer.onNext(1)
      return Disposables.create()
    }
    let event = ControlEvent(events: source)
    let received = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      Thread {
        _ = event.take(1).subscribe(onNext: { continuation.resume(returning: $0) })
      }.start()
    }
    #expect(received == 1)
    #expect(subscribedOnMain.current == true)
  }

  @Test func controlPropertyReplaysTheValueAndReportsUserChanges() {
    let field = TextField(text: "initial")
    let values = EventRecorder<String?>()
    let changes = EventRecorder<String?>()
    let bag = DisposeBag()
    field.rx.text.subscribe(values).disposed(by: bag)
    field.rx.text.changed.subscribe(changes).disposed(by: bag)
    field.userTypes("typed")
    #expect(values.elements == ["initial", "typed"])
    #expect(changes.elements == ["typed"])
  }

  @Test func bindingToAControlPropertySetsTheValue() {
    let field = TextField(text: nil)
    let state = BehaviorRelay<String?>(value: "from state")
    let bag = DisposeBag()
    state.bind(to: field.rx.text).disposed(by: bag)
    state.accept(nil)
    #expect(field.textSetByCode == ["from state", nil])
  }

  @Test func orEmptyReadsNilAsEmptyAndWritesStrings() {
    let field = TextField(text: nil)
    let values = EventRecorder<String>()
    let bag = DisposeBag()
    field.rx.text.orEmpty.subscribe(values).disposed(by: bag)
    Observable.just("bound").bind(to: field.rx.text.orEmpty).disposed(by: bag)
    #expect(values.elements == [""])
    #expect(field.text == "bound")
  }

  @Test func controlPropertyDrivesAndIsDriven() {
    let field = TextField(text: "a")
    var driven: [String?] = []
    let bag = DisposeBag()
    field.rx.text.asDriver().drive(onNext: { driven.append($0) }).disposed(by: bag)
    Driver.just("b").drive(field.rx.text).disposed(by: bag)
    #expect(driven == ["a"])
    #expect(field.text == "b")
    let viaProtocol = EventRecorder<String?>()
    field.rx.text.asControlProperty().asObservable().subscribe(viaProtocol).disposed(by: bag)
    // Programmatic changes are not reported, only the user's (and the current value on subscription).
    #expect(viaProtocol.elements == ["a"])
  }
}
