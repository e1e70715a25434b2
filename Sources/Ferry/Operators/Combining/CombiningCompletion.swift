/// Which sources of a combining operator (`combineLatest`, `zip`) have completed, and whether a stop event was
/// decided: the completion rules both operators share, in one place.
///
/// As RxSwift (6.10): the result completes when every source has completed; the first error is forwarded; nothing
/// is decided after a stop.
@usableFromInline
struct CombiningCompletion {
  private var done: [Bool]
  private var doneCount = 0
  /// Whether a stop event was decided; nothing is decided after it.
  @usableFromInline private(set) var isStopped = false

  @usableFromInline
  init(count: Int) {
    done = Array(repeating: false, count: count)
  }

  /// Whether every source other than `index` has completed.
  @usableFromInline
  func othersDone(_ index: Int) -> Bool {
    doneCount - (done[index] ? 1 : 0) == done.count - 1
  }

  /// Stops if every source other than `index` has completed (an element of `index` can then never be combined or
  /// paired); returns whether it stopped.
  @usableFromInline
  mutating func stopIfOthersDone(_ index: Int) -> Bool {
    guard othersDone(index) else { return false }
    stop()
    return true
  }

  /// Source `index` completed; returns whether the result completes (every source has).
  @usableFromInline
  mutating func completed(_ index: Int) -> Bool {
    guard !isStopped, !done[index] else { return false }
    done[index] = true
    doneCount += 1
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

  /// Stops: without an event from a source (an empty collection of sources), or when the operator decided to
  /// complete.
  @usableFromInline
  mutating func stop() { isStopped = true }
}
