import Ferry
import FerryTesting
import Foundation
import Testing

@Suite("values of infallible sequences")
struct InfallibleValuesTests {
  @Test func infallibleValuesDoNotThrow() async {
    var received: [Int] = []
    for await element in Infallible.from([1, 2, 3]).values { received.append(element) }
    #expect(received == [1, 2, 3])
  }

  @Test func nonThrowingAsyncSequenceBecomesInfallible() async {
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.yield(2)
      continuation.finish()
    }
    let infallible: Infallible<Int> = stream.asInfallible()
    #expect(await awaitEvents(infallible.asObservable()) == [.next(1), .next(2), .completed])
    let viaFrom: Infallible<Int> = Infallible.from(AsyncStream<Int> { $0.finish() })
    #expect(await awaitEvents(viaFrom.asObservable()) == [.completed])
  }
}
