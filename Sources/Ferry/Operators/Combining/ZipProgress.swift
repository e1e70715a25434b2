/// How many unpaired elements each source of a `zip` has and which sources have completed: the decisions of the
/// operator, free of element types (so they run as concrete code, and are tested directly).
@usableFromInline
struct ZipProgress: CombiningCompletionProgress {
  private var counts: [Int]
  /// How many sources have at least one unpaired element.
  private var nonEmpty = 0
  /// Which sources completed (the stop decisions ``CombiningCompletionProgress`` forwards to it).
  @usableFromInline var completion: CombiningCompletion

  @usableFromInline
  init(count: Int) {
    counts = Array(repeating: 0, count: count)
    completion = CombiningCompletion(count: count)
  }

  /// Source `index` emitted (the caller has buffered the element); returns whether every source now has an
  /// element, in which case one of each is taken (the caller pops them). Only called while not stopped.
  @usableFromInline
  mutating func next(_ index: Int) -> Bool {
    counts[index] += 1
    if counts[index] == 1 { nonEmpty += 1 }
    guard nonEmpty == counts.count else { return false }
    nonEmpty = 0
    for source in counts.indices {
      counts[source] -= 1
      if counts[source] > 0 { nonEmpty += 1 }
    }
    return true
  }

  /// Source `index` emitted an element that could not be paired: returns whether every other source has completed,
  /// so that no pair can ever follow (and stops). The collection form of `zip` then completes, as RxSwift's does.
  @usableFromInline
  mutating func unpairable(_ index: Int) -> Bool { completion.stopIfOthersDone(index) }

}
