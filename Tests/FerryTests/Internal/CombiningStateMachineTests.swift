import Foundation
import Testing

@testable import Ferry

private struct Boom: Error, Equatable {}

/// A downstream that records what it is given, as text.
private final class Recorder<Result>: CoreDownstream, @unchecked Sendable {
  // @unchecked Sendable: used from the test's thread only.
  var events: [String] = []
  func deliverNext(_ event: Event<Result>) { if case .next(let result) = event { events.append("\(result)") } }
  func deliverError(_ error: any Swift.Error) { events.append("x") }
  func deliverCompleted() { events.append("|") }
  var isDownstreamDisposed: Bool { false }
}

/// Direct tests of the combining operators' state machine, with `combineLatest`'s and `zip`'s steps for two sources.
@Suite("Combining state machine")
struct CombiningStateMachineTests {
  typealias Latest = CombiningStateMachine<(Int?, Int?), CombineLatestProgress, (Int?, Int?), String>

  /// `combineLatest`'s step for source `index` of two: the element replaces the source's latest one.
  private func latest(_ machine: inout Latest, _ element: Int, source index: Int) -> (delivered: [String], Int?) {
    var element: Int? = element
    let emission = machine.next(&element, index: index) { latest, progress, element, index in
      if index == 0 { swap(&latest.0, &element) } else { swap(&latest.1, &element) }
      switch progress.next(index) {
      case .wait: return nil
      case .combine: return .next(latest)
      case .complete: return .completed
      }
    }
    return (delivered(emission), element)
  }

  @Test func combineLatestWaitsForEverySourceThenCombinesOnEachElement() {
    var machine = Latest(storage: (nil, nil), progress: CombineLatestProgress(count: 2))
    #expect(latest(&machine, 1, source: 0).delivered == [])
    #expect(latest(&machine, 10, source: 1).delivered == ["(Optional(1), Optional(10))"])
    let (delivered, replaced) = latest(&machine, 2, source: 0)
    #expect(delivered == ["(Optional(2), Optional(10))"])
    #expect(replaced == 1, "the replaced element is handed back, to be released after the lock")
  }

  @Test func combineLatestCompletesWhenEverySourceHasOrWhenOneCompletedEmpty() {
    var all = Latest(storage: (nil, nil), progress: CombineLatestProgress(count: 2))
    _ = latest(&all, 1, source: 0)
    _ = latest(&all, 10, source: 1)
    #expect(delivered(all.completed(0)) == [])
    #expect(delivered(all.completed(0)) == [], "a source completes once")
    #expect(delivered(all.completed(1)) == ["|"])
    #expect(latest(&all, 3, source: 1).delivered == [], "nothing is decided after the completion")

    var empty = Latest(storage: (nil, nil), progress: CombineLatestProgress(count: 2))
    #expect(delivered(empty.completed(1)) == [])
    #expect(latest(&empty, 1, source: 0).delivered == ["|"], "source 1 completed empty: no combination can follow")
    #expect(delivered(empty.failed(Boom())) == [], "one stop event")
  }

  @Test func theFirstErrorStopsEverything() {
    var machine = Latest(storage: (nil, nil), progress: CombineLatestProgress(count: 2))
    _ = latest(&machine, 1, source: 0)
    #expect(delivered(machine.failed(Boom())) == ["x"])
    #expect(delivered(machine.failed(Boom())) == [])
    #expect(latest(&machine, 10, source: 1).delivered == [])
    #expect(delivered(machine.completed(0)) == [])
  }

  @Test func zipPairsElementsByIndexAndCompletesWhenEverySourceHas() {
    typealias Pairs = CombiningStateMachine<(FIFOBuffer<Int>, FIFOBuffer<Int>), ZipProgress, (Int, Int), String>
    var machine = Pairs(storage: (FIFOBuffer(), FIFOBuffer()), progress: ZipProgress(count: 2))
    func send(_ value: Int, _ index: Int) -> [String] {
      var element: Int? = value
      return delivered(
        machine.next(&element, index: index) { buffers, progress, element, index in
          if index == 0 { buffers.0.append(element!) } else { buffers.1.append(element!) }
          element = nil
          return progress.next(index) ? .next((buffers.0.popFirst()!, buffers.1.popFirst()!)) : nil
        })
    }
    #expect(send(1, 0) == [])
    #expect(send(2, 0) == [])
    #expect(send(10, 1) == ["(1, 10)"])
    #expect(send(20, 1) == ["(2, 20)"])
    #expect(delivered(machine.completed(0)) == [])
    #expect(delivered(machine.completed(1)) == ["|"])
  }

  @Test func withoutSourcesTheEmptyCombinationIsEmittedThenCompletion() {
    typealias Collection = CombiningStateMachine<[Int?], CombineLatestProgress, [Int?], String>
    var combining = Collection(storage: [], progress: CombineLatestProgress(count: 0))
    #expect(delivered(combining.finishEmpty([])) == ["[]", "|"])
    var zipping = Collection(storage: [], progress: CombineLatestProgress(count: 0))
    #expect(delivered(zipping.finishEmpty(nil)) == ["|"], "zip has no empty combination")
  }

  @Test func closeHandsBackTheElementsAndStops() {
    var machine = Latest(storage: (nil, nil), progress: CombineLatestProgress(count: 2))
    _ = latest(&machine, 1, source: 0)
    let released = machine.close()
    #expect(released.0 == 1 && released.1 == nil, "the elements are released after the lock")
    #expect(machine.storage.0 == nil, "a disposed subscription keeps nothing alive")
    #expect(latest(&machine, 10, source: 1).delivered == [])
    #expect(delivered(machine.completed(0)) == [])
  }

  @Test func deliveryAppliesTheResultSelectorAndAThrowFailsTheResult() {
    let recorder = Recorder<String>()
    let combine: @Sendable ((Int?, Int?)) throws -> String = { values in
      guard values.0 != 0 else { throw Boom() }
      return "\(values.0!)+\(values.1!)"
    }
    Latest.deliver(.next((1, 2)), context: combine, to: recorder)
    Latest.deliver(.next((0, 2)), context: combine, to: recorder)
    Latest.deliver(.completed, context: combine, to: recorder)
    Latest.deliver(.error(Boom()), context: combine, to: recorder)
    #expect(recorder.events == ["1+2", "x", "|", "x"])
  }
}
