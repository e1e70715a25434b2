/// A FIFO of at most `capacity` elements that drops the oldest when full (capacity `nil` = unbounded).
///
/// Used for replay buffers (`BehaviorSubject`/`BehaviorRelay` and `share(replay: 1)` append once per element) and
/// `takeLast`. Steady-state `append` allocates nothing once the storage has grown to capacity, and is cheap:
/// - capacity 1, the common case, keeps its element in `single` (no array, so no uniqueness check and no bounds
///   check: an optional swap);
/// - a full buffer of any other capacity overwrites the oldest slot through the array's buffer pointer and advances
///   `head` with a compare instead of a `%`.
@usableFromInline
struct RingBuffer<Element> {
  /// The element of a capacity-1 buffer (`storage` stays empty then).
  @usableFromInline var single: Element?
  /// The elements of every other capacity; once full, `head` is the oldest.
  @usableFromInline var storage: [Element] = []
  @usableFromInline var head = 0
  /// `capacity`, with `Int.max` for unbounded: `storage.count < limit` then always holds, so `append` has one path
  /// for "not full yet" whatever the capacity.
  @usableFromInline let limit: Int

  @inlinable init(capacity: Int?) {
    precondition((capacity ?? 0) >= 0, "Internal inconsistency: RingBuffer capacity \(capacity ?? 0) < 0")
    limit = capacity ?? .max
    if limit > 1 { storage.reserveCapacity(Swift.min(limit, 64)) }
  }

  /// The maximum number of elements, `nil` for unbounded.
  @inlinable var capacity: Int? { limit == .max ? nil : limit }

  @inlinable var count: Int { limit == 1 ? (single == nil ? 0 : 1) : storage.count }
  @inlinable var isEmpty: Bool { limit == 1 ? single == nil : storage.isEmpty }

  /// Appends `element`; returns the element it evicted (or `element` itself at capacity 0), so that a caller
  /// holding a lock can release it after unlocking (a `deinit` may run user code).
  @inlinable @inline(__always) @discardableResult mutating func append(_ element: Element) -> Element? {
    if limit == 1 {
      var evicted: Element? = element
      swap(&evicted, &single)
      return evicted
    }
    return appendToStorage(element)
  }

  /// `append` for every capacity but 1. Out of line: inlined, it made `SubjectCore.on` too big to be inlined into
  /// `PublishRelay.accept`'s caller (callgrind: +25 instructions per `relay.1sub` element).
  @inlinable @inline(never) mutating func appendToStorage(_ element: Element) -> Element? {
    if storage.count < limit {
      storage.append(element)
      return nil
    }
    if limit == 0 { return element }
    let slot = head
    // Compared, not `%`: a division costs more than the rest of the append.
    head = slot + 1 == limit ? 0 : slot + 1
    return storage.withUnsafeMutableBufferPointer { buffer in
      // `storage.count == limit > slot`: in bounds, and initialised.
      let pointer = buffer.baseAddress.unsafelyUnwrapped + slot
      let evicted = pointer.move()
      pointer.initialize(to: element)
      return evicted
    }
  }

  /// Calls `body` with each element, oldest first (no array is built: a subject's replay walks a copy of its
  /// buffer this way).
  @inlinable func forEach(_ body: (Element) -> Void) {
    if limit == 1 {
      if let single { body(single) }
      return
    }
    var index = head
    for _ in 0..<storage.count {
      body(storage[index])
      index = index + 1 == storage.count ? 0 : index + 1
    }
  }

  /// The elements, oldest first.
  @inlinable var elements: [Element] {
    if limit == 1 { return single.map { [$0] } ?? [] }
    if head == 0 { return storage }
    return Array(storage[head...] + storage[..<head])
  }

  /// The newest element.
  @inlinable var last: Element? {
    if limit == 1 { return single }
    guard !storage.isEmpty else { return nil }
    return storage[head == 0 ? storage.count - 1 : head - 1]
  }

  /// Empties the buffer. Its elements are released here, so not under a lock.
  @inlinable mutating func removeAll() {
    single = nil
    storage.removeAll()
    head = 0
  }
}
