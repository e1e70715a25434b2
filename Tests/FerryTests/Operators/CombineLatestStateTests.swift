import Testing

@testable import Ferry

/// Direct tests of the value-type state machines behind `combineLatest` and `zip`.
@Suite struct CombineLatestStateTests {
  @Test func combinesOnlyOnceEverySlotHasAValue() {
    var state = CombineLatestState(count: 2)
    #expect(state.on(.next(1), index: 0) == nil)
    #expect(state.on(.next(2), index: 0) == nil)
    #expect(values(state.on(.next("a"), index: 1)) == ["2", "a"])
    #expect(values(state.on(.next(3), index: 0)) == ["3", "a"])
  }

  @Test func completionRules() {
    var state = CombineLatestState(count: 2)
    _ = state.on(.next(1), index: 0)
    #expect(state.on(.completed, index: 0) == nil)
    #expect(isCompleted(state.on(.completed, index: 1)))  // never emitted: completes at once
    #expect(state.on(.next(1), index: 1) == nil)  // stopped

    var allDone = CombineLatestState(count: 2)
    _ = allDone.on(.next(1), index: 0)
    _ = allDone.on(.next(2), index: 1)
    #expect(allDone.on(.completed, index: 1) == nil)
    #expect(allDone.on(.completed, index: 1) == nil)  // a repeated completion counts once
    #expect(isCompleted(allDone.on(.completed, index: 0)))
  }

  @Test func combineLatestNoticesAnEmptyCompletedSourceAtTheNextElement() {
    var state = CombineLatestState(count: 2)
    #expect(state.on(.completed, index: 1) == nil)  // empty: not at once (RxSwift)
    #expect(isCompleted(state.on(.next(1), index: 0)))  // every other source is done, none can combine
    #expect(state.on(.next(2), index: 0) == nil)  // stopped
  }

  @Test func zipPairsAndCompletesWhenEverySourceHasCompleted() {
    var state = ZipState(count: 2)
    #expect(state.on(.next(1), index: 0) == (nil, nil))
    #expect(state.on(.next(2), index: 0) == (nil, nil))
    #expect(state.on(.completed, index: 0) == (nil, nil))  // two elements still buffered
    let first = state.on(.next(10), index: 1)
    #expect(values(first.0) == ["1", "10"] && first.1 == nil)
    let second = state.on(.next(20), index: 1)
    #expect(values(second.0) == ["2", "20"] && second.1 == nil)  // the first buffer ran dry: not yet (RxSwift)
    #expect(state.on(.next(30), index: 1) == (nil, nil))  // buffered, never paired
    let end = state.on(.completed, index: 1)
    #expect(end.0 == nil && isCompleted(end.1))
    #expect(state.on(.next(40), index: 1) == (nil, nil))  // stopped
  }

  @Test func zipErrorStops() {
    var state = ZipState(count: 3)
    let result = state.on(.error(TestError(id: 1)), index: 2)
    #expect(result.0.map(isError) == true && result.1 == nil)
    #expect(state.on(.next(1), index: 0) == (nil, nil))
  }

  private func values(_ item: CombineItem?) -> [String]? {
    guard case .values(let values) = item else { return nil }
    return values.map { "\($0)" }
  }

  private func isCompleted(_ item: CombineItem?) -> Bool {
    if case .completed = item { return true }
    return false
  }

  private func isError(_ item: CombineItem) -> Bool {
    if case .error = item { return true }
    return false
  }
}

// Test-only comparisons that say whether a decision was made at all.
private func == (lhs: CombineItem?, rhs: CombineItem?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): return true
  default: return false
  }
}

private func == (lhs: (CombineItem?, CombineItem?), rhs: (CombineItem?, CombineItem?)) -> Bool {
  lhs.0 == rhs.0 && lhs.1 == rhs.1
}
