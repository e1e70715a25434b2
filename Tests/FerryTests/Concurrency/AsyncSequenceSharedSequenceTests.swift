import Ferry
import FerryTesting
import Testing

@Suite("AsyncSequence to Driver / Signal")
struct AsyncSequenceSharedSequenceTests {
  struct Failure: Error {}

  @MainActor
  @Test func throwingSequenceAsDriverRecoversOnMainActor() async {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish(throwing: Failure())
    }
    let received = await collect(stream.asDriver(onErrorJustReturn: -1))
    #expect(received.elements == [1, 2, -1])
    #expect(received.allOnMain)
  }

  @MainActor
  @Test func throwingSequenceAsSignalRecoversWithSignal() async {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(7)
      continuation.finish(throwing: Failure())
    }
    let received = await collect(stream.asSignal(onErrorSignalWith: .just(9)))
    #expect(received.elements == [7, 9])
  }

  @MainActor
  @Test func nonThrowingSequenceAsDriver() async {
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(3)
      continuation.finish()
    }
    let received = await collect(stream.asDriver())
    #expect(received.elements == [3])
  }

  /// Subscribes with `drive`/`emit` semantics (main actor) and waits for completion through a continuation.
  @MainActor
  private func collect<Strategy>(
    _ sequence: SharedSequence<Strategy, Int>
  ) async -> (elements: [Int], allOnMain: Bool) {
    let elements = LockedBox<[Int]>([])
    let onMain = LockedBox(true)
    let bag = DisposeBag()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      sequence.asObservable().subscribe(
        onNext: { value in
          elements.withLock { $0.append(value) }
          if !MainScheduler.isOnMainQueue { onMain.withLock { $0 = false } }
        },
        onCompleted: { continuation.resume() }
      ).disposed(by: bag)
    }
    return (elements.current, onMain.current)
  }
}
