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
  private var done: [Bool]
  private var doneCount = 0
  /// Whether a stop event was decided; nothing is decided after it.
  @usableFromInline private(set) var isStopped = false

  @usableFromInline
  init(count: Int) {
    hasValue = Array(repeating: false, count: count)
    done = Array(repeating: false, count: count)
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
    for other in done.indices where other != index && !done[other] { return .wait }
    isStopped = true
    return .complete
  }

  /// Source `index` completed; returns whether the result completes (every source has).
  @usableFromInline
  mutating func completed(_ index: Int) -> Bool {
    guard !isStopped, !done[index] else { return false }
    done[index] = true
    doneCount += 1
    // As RxSwift: only when every source has completed (a source completing empty is noticed at the next element
    // of another one, in `next`).
    guard doneCount == done.count else { return false }
    isStopped = true
    return true
  }

  /// A source failed; returns whether the error is forwarded (the first stop event only).
  @usableFromInline
  mutating func error() -> Bool {
    guard !isStopped else { return false }
    isStopped = true
    return true
  }

  /// Stops without an event from a source (an empty collection of sources).
  @usableFromInline
  mutating func stop() { isStopped = true }
}
