/// The state of one `combineLatest`, `zip` or `withLatestFrom` subscription: the elements (`Storage`: the latest
/// ones, or FIFOs of unpaired ones) and the element-free `Progress`.
///
/// Each source's element goes through that source's step — built in the operator's inlinable entry point, so
/// specialised in the client (see ``CombiningSource``) — which stores it and decides whether a combination follows.
/// The combination (`Values`) is what the machine decides; the storage turns it into the result after the lock, on
/// the delivering thread, with the operator's result selector (user code), the machine's ``DeliveryContext``.
@usableFromInline
struct CombiningStateMachine<Storage, Progress: CombiningProgress, Values, Result>: OperatorStateMachine {
  @usableFromInline typealias Output = Values
  @usableFromInline typealias DeliveryContext = @Sendable (Values) throws -> Result

  @usableFromInline var storage: Storage
  @usableFromInline var progress: Progress
  /// The storage before any element (a template), swapped in on disposal.
  @usableFromInline let empty: Storage

  @inlinable
  init(storage: Storage, progress: Progress) {
    self.storage = storage
    self.progress = progress
    empty = storage
  }

  /// Source `index` emitted `element`: `step` stores it (leaving in `element` what is to be released after the lock:
  /// the element it replaced, or nothing) and returns what follows — a combination, the completion (no combination
  /// can follow), or nothing.
  @inlinable @inline(__always)
  mutating func next<Element>(
    _ element: inout Element?, index: Int, step: (inout Storage, inout Progress, inout Element?, Int) -> Event<Values>?
  ) -> OperatorEmission<Values> {
    guard !progress.isStopped, let event = step(&storage, &progress, &element, index) else { return .nothing }
    return .event(event)
  }

  /// A source failed: the first stop event is delivered.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> OperatorEmission<Values> {
    progress.error() ? .event(.error(error)) : .nothing
  }

  /// Source `index` completed.
  @inlinable
  mutating func completed(_ index: Int) -> OperatorEmission<Values> {
    progress.completed(index) ? .event(.completed) : .nothing
  }

  /// No sources (at subscription): emits `values` (`combineLatest`'s empty combination; `nil` for `zip`), then
  /// completes.
  @inlinable
  mutating func finishEmpty(_ values: Values?) -> OperatorEmission<Values> {
    guard !progress.isStopped else {
      preconditionFailure("Internal inconsistency: a combining operator without sources stopped before it started")
    }
    progress.stop()
    guard let values else { return .event(.completed) }
    return .events(.next(values), then: .completed)
  }

  /// Disposal: stops and hands back the elements, to be released after the lock (a disposed subscription keeps
  /// nothing alive).
  @inlinable
  mutating func close() -> Storage {
    progress.stop()
    var released = empty
    swap(&released, &storage)
    return released
  }

  /// Applies the result selector (after the lock, on the delivering thread) and forwards the result; a selector that
  /// throws fails the result.
  @inlinable @inline(__always)
  static func deliver(
    _ event: Event<Values>, context combine: DeliveryContext, to downstream: any CoreDownstream<Result>
  ) {
    switch event {
    case .next(let values):
      let result: Result
      do {
        result = try combine(values)
      } catch {
        downstream.deliverError(error)
        return
      }
      downstream.deliverNext(.next(result))
    case .error(let error): downstream.deliverError(error)
    case .completed: downstream.deliverCompleted()
    }
  }
}

/// The element-free decisions of a combining operator that ``CombiningStateMachine`` needs besides the sources'
/// steps.
@usableFromInline
protocol CombiningProgress: SendableMetatype {
  /// Whether a stop event was decided; nothing is decided after it.
  var isStopped: Bool { get }
  /// A source failed; returns whether the error is forwarded (the first stop event only).
  mutating func error() -> Bool
  /// Source `index` completed; returns whether the result completes.
  mutating func completed(_ index: Int) -> Bool
  /// Stops without an event from a source (an empty collection of sources).
  mutating func stop()
}

/// A ``CombiningProgress`` whose stop decisions are ``CombiningCompletion``'s (`combineLatest`, `zip`: the result
/// completes when every source has), forwarded to it by the defaults below.
@usableFromInline
protocol CombiningCompletionProgress: CombiningProgress {
  /// Which sources completed, and whether a stop event was decided.
  var completion: CombiningCompletion { get set }
}

// Inlinable: the element path asks `isStopped` per element, specialised in the client.
extension CombiningCompletionProgress {
  /// Whether a stop event was decided; nothing is decided after it.
  @inlinable var isStopped: Bool { completion.isStopped }

  /// A source failed; returns whether the error is forwarded (the first stop event only).
  @inlinable
  mutating func error() -> Bool { completion.error() }

  /// Source `index` completed; returns whether the result completes (every source has). For `combineLatest`, a
  /// source completing empty is noticed at the next element of another one.
  @inlinable
  mutating func completed(_ index: Int) -> Bool { completion.completed(index) }

  /// Stops without an event from a source (an empty collection of sources).
  @inlinable
  mutating func stop() { completion.stop() }
}
