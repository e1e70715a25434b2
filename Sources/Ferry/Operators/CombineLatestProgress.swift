/// Which sources of a `combineLatest` have emitted and which have completed: the decisions of the operator, free
/// of element types (so they run as concrete code, and are tested directly).
@usableFromInline
struct CombineLatestProgress: CombiningProgress {
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
  private var completion: CombiningCompletion

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
    guard completion.othersDone(index) else { return .wait }
    completion.stop()
    return .complete
  }

  /// Whether a stop event was decided; nothing is decided after it.
  @usableFromInline var isStopped: Bool { completion.isStopped }

  /// Source `index` completed; returns whether the result completes (every source has). A source completing empty is
  /// noticed at the next element of another one, in `next`.
  @usableFromInline
  mutating func completed(_ index: Int) -> Bool { completion.completed(index) }

  /// A source failed; returns whether the error is forwarded (the first stop event only).
  @usableFromInline
  mutating func error() -> Bool { completion.error() }

  /// Stops without an event from a source (an empty collection of sources).
  @usableFromInline
  mutating func stop() { completion.stop() }
}
