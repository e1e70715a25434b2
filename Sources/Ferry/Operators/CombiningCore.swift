/// The element-typed half of a `combineLatest` or `zip` subscription: the elements (`Storage`: the latest ones, or
/// FIFOs of unpaired ones), the element-free `Progress` and the result selector, behind the lock of its
/// ``SerializingCore`` (which delivers). Its inlinable methods run specialised in the client, called from the
/// per-source handlers that the operator's inlinable entry point builds (see ``CombiningSource``).
@usableFromInline
final class CombiningCore<Storage, Progress: CombiningProgress, Values, Result>:
  SerializingCore<CombineItem<Values>, Result>, ClosableCore, @unchecked Sendable
{
  // @unchecked Sendable: `storage` and `progress` are guarded by `lock`; `combine` and `empty` are immutable.
  @usableFromInline typealias Item = CombineItem<Values>

  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  @usableFromInline @exclusivity(unchecked) final var storage: Storage
  @usableFromInline @exclusivity(unchecked) final var progress: Progress
  @usableFromInline final let combine: @Sendable (Values) throws -> Result
  /// The storage before any element (a template), swapped in on disposal.
  final let empty: Storage

  init(
    storage: Storage, progress: Progress, combine: @escaping @Sendable (Values) throws -> Result,
    downstream: any CoreDownstream<Result>
  ) {
    self.storage = storage
    empty = storage
    self.progress = progress
    self.combine = combine
    super.init(downstream: downstream)
  }

  /// A source emitted `element`; `step` stores it (leaving in its `inout` argument what is to be released: the
  /// element it replaced, or nothing) and decides what to emit, under the lock.
  @inlinable
  final func next<Element>(_ element: Element, step: (inout Storage, inout Progress, inout Element?) -> Item?) {
    // Holds the element the new one replaces (or the new one, if ignored) until after the lock.
    var released: Element? = element
    PlatformLock.lock(lock)
    if !closed && !progress.isStopped, let item = step(&storage, &progress, &released) {
      emit(item) { deliver($0) }
    } else {
      PlatformLock.unlock(lock)
    }
    withExtendedLifetime(released) {}
  }

  /// A source failed: the first stop event is forwarded.
  @inlinable
  final func error(_ error: any Swift.Error) {
    PlatformLock.lock(lock)
    if !closed && progress.error() {
      emit(.error(error)) { deliver($0) }
    } else {
      PlatformLock.unlock(lock)
    }
  }

  /// Source `index` completed.
  @inlinable
  final func completed(_ index: Int) {
    PlatformLock.lock(lock)
    if !closed && progress.completed(index) {
      emit(.completed) { deliver($0) }
    } else {
      PlatformLock.unlock(lock)
    }
  }

  /// No sources: emits `values` (`combineLatest`'s empty combination; `nil` for `zip`) and completes.
  final func finishEmpty(_ values: Values?) {
    PlatformLock.lock(lock)
    guard !closed else {
      PlatformLock.unlock(lock)
      return
    }
    progress.stop()
    if let values {
      emit(.values(values)) { deliver($0) }
      PlatformLock.lock(lock)
    }
    if closed {
      PlatformLock.unlock(lock)
    } else {
      emit(.completed) { deliver($0) }
    }
  }

  /// Applies the result selector (outside the lock) and forwards the result, or forwards a stop event.
  @inlinable
  final func deliver(_ item: Item) {
    switch item {
    case .values(let values):
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

  /// Disposal: stops storing and delivering, and releases the elements (outside the lock) by swapping in `empty` —
  /// a disposed subscription keeps nothing alive.
  @usableFromInline
  func close() {
    var released = empty
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &storage)
    PlatformLock.unlock(lock)
    withExtendedLifetime(released) {}
  }
}

/// The element-free decisions of a combining operator that the shared paths of ``CombiningCore`` need (the element
/// path is the operator's step).
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

// Inlinable: `CombiningCore`'s element path asks `isStopped` per element, specialised in the client.
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
