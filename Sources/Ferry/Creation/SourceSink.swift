import _FerryAtomics

/// A sink with no upstream, used by sources that produce elements themselves.
final class SourceSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
  // @unchecked Sendable: no state of its own; `Sink`'s is atomic.
}

/// When a source that loops inside `subscribe` (`from`, `of`, `range`, `repeatElement`) must stop: before the element
/// after the one that finished its downstream, as RxSwift's current-thread trampoline stops it.
///
/// A downstream that finishes during the loop (`take`, `first`, a handle disposed from inside `onNext`) stops before
/// its upstream disposable is attached, so its disposal cannot climb the chain to the source. It is counted instead,
/// per thread (`ferry_early_stops`, see ``UpstreamDisposer/finishDisposal(previous:)``); the loop reads that count
/// before each element and asks the chain below it (``Sink/isDownstreamDisposed``, one step per observer) only when
/// it moved — so no operator above the finished one runs for a later element. Every 64 elements it asks anyway, for
/// a downstream that stopped on another thread (behind `observe(on:)`).
struct SynchronousLoopStop {
  private var seen = ferry_early_stops_get()
  private var elements = 0

  /// Whether the loop must stop before its next element.
  @inline(__always)
  mutating func isReached<Observer>(below sink: Sink<Observer>) -> Bool {
    let stops = ferry_early_stops_get()
    elements &+= 1
    guard stops != seen || elements & 63 == 0 else { return false }
    seen = stops
    return sink.isDownstreamDisposed
  }
}
