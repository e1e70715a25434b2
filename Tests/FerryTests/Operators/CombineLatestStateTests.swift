import Testing

@testable import Ferry

/// Direct tests of the element-free state machines behind `combineLatest` and `zip`.
@Suite struct CombineLatestStateTests {
  @Test func combinesOnlyOnceEverySourceHasAValue() {
    var progress = CombineLatestProgress(count: 2)
    let result1 = progress.next(0)
    #expect(result1 == .wait)
    let result2 = progress.next(0)
    #expect(result2 == .wait)
    let result3 = progress.next(1)
    #expect(result3 == .combine)
    let result4 = progress.next(0)
    #expect(result4 == .combine)
  }

  @Test func completionRules() {
    var progress = CombineLatestProgress(count: 2)
    _ = progress.next(0)
    let result5 = progress.completed(0)
    #expect(!result5)
    let result6 = progress.completed(1)
    #expect(result6)  // every source has completed
    #expect(progress.isStopped)
    let result7 = progress.completed(1)
    #expect(!result7)
    let result8 = progress.error()
    #expect(!result8)  // stopped: a later error is not forwarded

    var allDone = CombineLatestProgress(count: 2)
    _ = allDone.next(0)
    _ = allDone.next(1)
    let result9 = allDone.completed(1)
    #expect(!result9)
    let result10 = allDone.completed(1)
    #expect(!result10)  // a repeated completion counts once
    let result11 = allDone.completed(0)
    #expect(result11)
  }

  @Test func combineLatestNoticesAnEmptyCompletedSourceAtTheNextElement() {
    var progress = CombineLatestProgress(count: 3)
    let result12 = progress.completed(1)
    #expect(!result12)  // empty: not at once (RxSwift)
    let result13 = progress.next(0)
    #expect(result13 == .wait)  // source 2 may still emit
    let result14 = progress.completed(2)
    #expect(!result14)
    let result15 = progress.next(0)
    #expect(result15 == .complete)  // every other source is done, none can combine
    #expect(progress.isStopped)
  }

  @Test func combineLatestErrorStopsOnce() {
    var progress = CombineLatestProgress(count: 2)
    let result16 = progress.error()
    #expect(result16)
    let result17 = progress.error()
    #expect(!result17)
    let result18 = progress.completed(0)
    #expect(!result18)
  }

  @Test func zipPairsAndCompletesWhenEverySourceHasCompleted() {
    var progress = ZipProgress(count: 2)
    let result19 = progress.next(0)
    #expect(!result19)
    let result20 = progress.next(0)
    #expect(!result20)
    let result21 = progress.completed(0)
    #expect(!result21)  // two elements still buffered
    let result22 = progress.next(1)
    #expect(result22)
    let result23 = progress.next(1)
    #expect(result23)  // the first buffer ran dry: not completed yet (RxSwift)
    let result24 = progress.next(1)
    #expect(!result24)  // buffered, never paired
    let result25 = progress.completed(1)
    #expect(result25)
    #expect(progress.isStopped)
  }

  @Test func zipCountsEachSourceSeparately() {
    var progress = ZipProgress(count: 3)
    let result26 = progress.next(0)
    #expect(!result26)
    let result27 = progress.next(1)
    #expect(!result27)
    let result28 = progress.next(1)
    #expect(!result28)
    let result29 = progress.next(2)
    #expect(result29)  // (0, 1, 2) paired; source 1 keeps one element
    let result30 = progress.next(0)
    #expect(!result30)
    let result31 = progress.next(2)
    #expect(result31)
    let result32 = progress.next(2)
    #expect(!result32)
  }

  @Test func zipErrorStops() {
    var progress = ZipProgress(count: 3)
    let result33 = progress.error()
    #expect(result33)
    #expect(progress.isStopped)
    let result34 = progress.error()
    #expect(!result34)
    let result35 = progress.completed(0)
    #expect(!result35)
  }
}
