import Ferry
import Testing

@Suite("Disposables")
struct DisposablesTests {
  @Test func anonymousDisposableRunsOnce() {
    let count = LockedBox(0)
    let disposable = Disposables.create { count.withLock { $0 += 1 } }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(count.current == 1)
  }

  @Test func binaryAndVariadicCreateDisposeAll() {
    let count = LockedBox(0)
    func make() -> any Disposable { Disposables.create { count.withLock { $0 += 1 } } }
    Disposables.create(make(), make()).dispose()
    #expect(count.current == 2)
    Disposables.create(make(), make(), make()).dispose()
    #expect(count.current == 5)
    Disposables.create(make(), make(), make(), make(), make()).dispose()
    #expect(count.current == 10)
    Disposables.create([make(), make()]).dispose()
    #expect(count.current == 12)
  }

  @Test func booleanDisposable() {
    let disposable = BooleanDisposable()
    #expect(!disposable.isDisposed)
    disposable.dispose()
    #expect(disposable.isDisposed)
    #expect(BooleanDisposable(isDisposed: true).isDisposed)
  }

  @Test func singleAssignmentDisposesLateAssignment() {
    let holder = SingleAssignmentDisposable()
    holder.dispose()
    let inner = BooleanDisposable()
    holder.setDisposable(inner)
    #expect(inner.isDisposed)
    #expect(holder.isDisposed)
  }

  @Test func singleAssignmentDisposesAssigned() {
    let holder = SingleAssignmentDisposable()
    let inner = BooleanDisposable()
    holder.setDisposable(inner)
    #expect(!inner.isDisposed)
    holder.dispose()
    #expect(inner.isDisposed)
  }

  @Test func singleAssignmentTwiceTraps() async {
    await #expect(processExitsWith: .failure) {
      let holder = SingleAssignmentDisposable()
      holder.setDisposable(BooleanDisposable())
      holder.setDisposable(BooleanDisposable())
    }
  }

  @Test func serialDisposableReplacesAndDisposesPrevious() {
    let serial = SerialDisposable()
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    serial.disposable = first
    serial.disposable = second
    #expect(first.isDisposed)
    #expect(!second.isDisposed)
    serial.dispose()
    #expect(second.isDisposed)
    let third = BooleanDisposable()
    serial.disposable = third
    #expect(third.isDisposed)
    #expect(serial.isDisposed)
  }

  @Test func compositeInsertRemoveDispose() {
    let composite = CompositeDisposable()
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    let key = composite.insert(first)
    composite.insert(second)
    #expect(composite.count == 2)
    composite.remove(for: key!)
    #expect(first.isDisposed)
    #expect(composite.count == 1)
    composite.dispose()
    #expect(second.isDisposed)
    let late = BooleanDisposable()
    #expect(composite.insert(late) == nil)
    #expect(late.isDisposed)
  }

  @Test func disposeBagDisposesOnDeinit() {
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    let third = BooleanDisposable()
    do {
      let bag = DisposeBag()
      first.disposed(by: bag)
      bag.insert(second, third)
      #expect(!first.isDisposed)
    }
    #expect(first.isDisposed && second.isDisposed && third.isDisposed)
  }

  @Test func disposeBagBuilderForm() {
    let first = BooleanDisposable()
    let second = BooleanDisposable()
    let third = BooleanDisposable()
    let includeThird = true
    var bag: DisposeBag? = DisposeBag()
    bag?.insert {
      first
      second
      if includeThird { third }
    }
    bag = nil
    #expect(first.isDisposed && second.isDisposed && third.isDisposed)
    _ = bag
  }

  @Test func disposeBagReleasesSubscriptions() {
    let relay = PublishRelay<Int>()
    weak var weakTracked: Tracked?
    var bag: DisposeBag? = DisposeBag()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      relay.subscribe(onNext: { _ in _ = tracked }).disposed(by: bag!)
    }
    #expect(weakTracked != nil)
    bag = nil
    #expect(weakTracked == nil)
    _ = bag
  }
}
