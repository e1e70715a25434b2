import Ferry
import FerryOpenCombine
import Foundation
import OpenCombine
import Testing

@Suite("AnyCancellable <-> Disposable")
struct LifetimeTests {
  @Test func aBagsDeinitCancelsItsCancellables() {
    let cancels = Locked(0)
    var bag: DisposeBag? = DisposeBag()
    AnyCancellable { cancels.withLock { $0 += 1 } }.disposed(by: bag!)
    #expect(cancels.current == 0)
    bag = nil
    #expect(cancels.current == 1)
  }

  @Test func aSinkInABagStopsReceivingWhenTheBagGoes() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var bag = DisposeBag()
    subject.sink { received.append($0) }.disposed(by: bag)
    subject.send(1)
    bag = DisposeBag()
    subject.send(2)
    #expect(received == [1])
  }

  @Test func asDisposableCancelsOnceFromManyThreads() {
    let cancels = Locked(0)
    let disposable = AnyCancellable { cancels.withLock { $0 += 1 } }.asDisposable()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in disposable.dispose() }
    #expect(cancels.current == 1)
  }

  @Test func asCancellableDisposesOnCancelFromAnyThreadOnce() {
    let disposals = Locked(0)
    let cancellable = Disposables.create { disposals.withLock { $0 += 1 } }.asCancellable()
    let shared = Unchecked(cancellable)  // AnyCancellable.cancel is thread-safe
    DispatchQueue.concurrentPerform(iterations: 8) { _ in shared.value.cancel() }
    #expect(disposals.current == 1)
  }

  @Test func releasingTheCancellableDisposesAndStoreInWorks() {
    let relay = PublishRelay<Int>()
    let received = Locked<[Int]>([])
    var cancellables = Set<AnyCancellable>()
    relay.subscribe(onNext: { element in received.withLock { $0.append(element) } }).asCancellable()
      .store(in: &cancellables)
    relay.accept(1)
    cancellables = []
    relay.accept(2)
    #expect(received.current == [1])
  }
}
