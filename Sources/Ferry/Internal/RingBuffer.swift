/// A FIFO of at most `capacity` elements that drops the oldest when full (capacity `nil` = unbounded).
///
/// Used for replay buffers; steady-state `append` allocates nothing once the storage has grown to capacity.
struct RingBuffer<Element> {
  private var storage: [Element] = []
  private var head = 0
  let capacity: Int?

  init(capacity: Int?) {
    self.capacity = capacity
    if let capacity { storage.reserveCapacity(Swift.min(capacity, 64)) }
  }

  var count: Int { storage.count }
  var isEmpty: Bool { storage.isEmpty }

  mutating func append(_ element: Element) {
    guard let capacity else {
      storage.append(element)
      return
    }
    if capacity == 0 { return }
    if storage.count < capacity {
      storage.append(element)
    } else {
      storage[head] = element
      head = (head + 1) % capacity
    }
  }

  /// The elements, oldest first.
  var elements: [Element] {
    if head == 0 { return storage }
    return Array(storage[head...] + storage[..<head])
  }

  /// The newest element.
  var last: Element? {
    guard !storage.isEmpty else { return nil }
    return storage[(head + storage.count - 1) % storage.count]
  }

  mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
