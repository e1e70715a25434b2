/// A growable FIFO ring of elements (a minimal deque): the queue of the serial-delivery engine and the buffer of
/// the `values` bridge.
///
/// The capacity is a power of two and only grows; once it has grown to the steady-state size, `append` and
/// `popFirst` allocate nothing. `popFirst` moves the element out (the slot keeps no reference), so a caller
/// holding a lock can release what it took after unlocking. Two buffers can be exchanged with `swap` in O(1),
/// which is how the unbounded `values` iterator takes every buffered element in one lock round-trip while
/// handing its own (empty, already allocated) storage back to the producer.
@usableFromInline
struct FIFOBuffer<Element> {
  @usableFromInline var slots: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  /// Appends `element` at the back, growing the storage if it is full.
  @inlinable
  mutating func append(_ element: Element) {
    if count == slots.count { grow() }
    slots[(head &+ count) & (slots.count &- 1)] = element
    count &+= 1
  }

  /// Inserts `element` at the front, growing the storage if it is full.
  @inlinable
  mutating func prepend(_ element: Element) {
    if count == slots.count { grow() }
    head = (head &- 1) & (slots.count &- 1)
    slots[head] = element
    count &+= 1
  }

  /// Removes and returns the front element.
  @inlinable
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    var element: Element? = nil
    swap(&element, &slots[head])
    head = (head &+ 1) & (slots.count &- 1)
    count &-= 1
    if count == 0 { head = 0 }
    return element
  }

  /// The front element (a copy; the buffer keeps it).
  @inlinable
  var first: Element? { count > 0 ? slots[head] : nil }

  /// The number of elements that satisfy `predicate`.
  @inlinable
  func count(where predicate: (Element) -> Bool) -> Int {
    var matches = 0
    for offset in 0..<count where predicate(slots[(head &+ offset) & (slots.count &- 1)]!) { matches += 1 }
    return matches
  }

  /// Removes and returns the first element that satisfies `predicate`, keeping the others in order; `nil` if none
  /// does. O(`count`): for the rare removal from the middle (a producer that stops waiting), never a hot path.
  @inlinable
  mutating func removeFirst(where predicate: (Element) -> Bool) -> Element? {
    let mask = slots.count &- 1
    guard let found = (0..<count).first(where: { predicate(slots[(head &+ $0) & mask]!) }) else { return nil }
    var element: Element? = nil
    swap(&element, &slots[(head &+ found) & mask])
    // Closes the gap: every later element moves one slot towards the front.
    for offset in found..<(count &- 1) {
      slots.swapAt((head &+ offset) & mask, (head &+ offset &+ 1) & mask)
    }
    count &-= 1
    if count == 0 { head = 0 }
    return element
  }

  /// Removes every element, keeping the storage. Releases them: not to be called under a lock.
  mutating func removeAll() {
    while popFirst() != nil {}
  }

  // Inlinable (specialised by the caller) although it runs only when the capacity doubles: generic, it moves
  // every element through value witnesses and looks up the array's metadata per element.
  @inlinable
  mutating func grow() {
    let oldCapacity = slots.count
    let newCapacity = Swift.max(16, oldCapacity * 2)
    var newSlots = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
    for offset in 0..<count {
      swap(&newSlots[offset], &slots[(head + offset) & (oldCapacity - 1)])
    }
    slots = newSlots
    head = 0
  }
}
