/// A FIFO of at most `capacity` elements that drops the oldest when full (capacity `nil` = unbounded).
///
/// Used for replay buffers; steady-state `append` allocates nothing once the storage has grown to capacity.
@usableFromInline
struct RingBuffer<Element> {
  @usableFromInline var storage: [Element] = []
  @usableFromInline var head = 0
  @usableFromInline let capacity: Int?

  @inlinable init(capacity: Int?) {
    self.capacity = capacity
    if let capacity { storage.reserveCapacity(Swift.min(capacity, 64)) }
  }

  @inlinable var count: Int { storage.count }
  @inlinable var isEmpty: Bool { storage.isEmpty }

  /// Appends `element`; returns the element it evicted (or `element` itself at capacity 0), so that a caller
  /// holding a lock can release it after unlocking (a `deinit` may run user code).
  @inlinable @discardableResult mutating func append(_ element: Element) -> Element? {
    guard let capacity else {
      storage.append(element)
      return nil
    }
    if capacity == 0 { return element }
    if storage.count < capacity {
      storage.append(element)
      return nil
    }
    var evicted = element
    swap(&evicted, &storage[head])
    head = (head + 1) % capacity
    return evicted
  }

  /// The elements, oldest first.
  @inlinable var elements: [Element] {
    if head == 0 { return storage }
    return Array(storage[head...] + storage[..<head])
  }

  /// The newest element.
  @inlinable var last: Element? {
    guard !storage.isEmpty else { return nil }
    return storage[(head + storage.count - 1) % storage.count]
  }

  @inlinable mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
