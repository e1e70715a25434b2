/// Which sources of a `combineLatest` have emitted and which have completed: the decisions of the operator, free
/// of element types (so they run as concrete code, and are tested directly).
@usableFromInline
struct CombineLatestProgress: CombiningCompletionProgress {
  /// What an element leads to.
  @usableFromInline
  enum Step: Equatable {
    /// Some source has no element yet: nothing to emit.
    case wait
    /// Every source has an element: emit the combination.
    case combine
    /// Some source has no element yet and every other one has completed: no combination can follow (RxSwift).
    case complete
  }

  private var hasValue: [Bool]
  private var valueCount = 0
  /// Which sources completed (the stop decisions ``CombiningCompletionProgress`` forwards to it).
  @usableFromInline var completion: CombiningCompletion

  @usableFromInline
  init(count: Int) {
    hasValue = Array(repeating: false, count: count)
    completion = CombiningCompletion(count: count)
  }

  /// Source `index` emitted (the caller has stored the element). Only called while not stopped.
  @usableFromInline
  mutating func next(_ index: Int) -> Step {
    if !hasValue[index] {
      hasValue[index] = true
      valueCount += 1
    }
    if valueCount == hasValue.count { return .combine }
    // As RxSwift: while some source has no value yet, an element whose every other source has completed
    // (so one of them completed empty) ends the sequence.
    return completion.stopIfOthersDone(index) ? .complete : .wait
  }

}
