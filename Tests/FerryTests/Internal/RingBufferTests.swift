import Testing

@testable import Ferry

/// Direct tests of the replay buffer: what `append` evicts (the caller releases it after unlocking, so it must be the
/// very object that left the buffer), the order of `elements` after wrap-around, and the capacity-1 representation.
@Suite("RingBuffer")
struct RingBufferTests {
  final class Box {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test func capacityOneKeepsTheNewestAndEvictsThePreviousObject() {
    var buffer = RingBuffer<Box>(capacity: 1)
    #expect(buffer.capacity == 1)
    #expect(buffer.isEmpty && buffer.count == 0 && buffer.last == nil && buffer.elements.isEmpty)
    let first = Box(1)
    #expect(buffer.append(first) == nil)
    #expect(buffer.count == 1 && !buffer.isEmpty)
    #expect(buffer.last === first)
    let second = Box(2)
    #expect(buffer.append(second) === first, "the evicted element is the one that was in the buffer")
    #expect(buffer.elements.map(\.value) == [2])
    #expect(buffer.last === second)
    #expect(buffer.storage.isEmpty, "capacity 1 never allocates the array")
  }

  @Test func theBufferDoesNotKeepTheEvictedElement() {
    for capacity in [1, 2, 3] {
      var buffer = RingBuffer<Box>(capacity: capacity)
      weak var oldest: Box?
      do {
        let box = Box(0)
        oldest = box
        buffer.append(box)
      }
      for value in 1..<capacity { buffer.append(Box(value)) }
      #expect(oldest != nil, "capacity \(capacity): held while in the buffer")
      var evicted = buffer.append(Box(capacity))
      #expect(evicted === oldest)
      evicted = nil
      #expect(oldest == nil, "capacity \(capacity): released once the caller drops what append returned")
    }
  }

  @Test(arguments: [2, 3, 5])
  func fullBufferEvictsOldestFirstAndKeepsOrderAcrossWrapArounds(capacity: Int) {
    var buffer = RingBuffer<Box>(capacity: capacity)
    var appended: [Box] = []
    for value in 0..<(capacity * 3 + 1) {
      let box = Box(value)
      let evicted = buffer.append(box)
      if appended.count < capacity {
        #expect(evicted == nil, "not full yet")
      } else {
        #expect(evicted === appended[appended.count - capacity], "evicts the oldest element, the same object")
      }
      appended.append(box)
      let expected = appended.suffix(capacity)
      #expect(buffer.elements.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init), "oldest first")
      #expect(buffer.last === box)
      #expect(buffer.count == expected.count)
    }
  }

  @Test func capacityZeroReturnsTheElementItself() {
    var buffer = RingBuffer<Box>(capacity: 0)
    let box = Box(1)
    #expect(buffer.append(box) === box)
    #expect(buffer.isEmpty && buffer.count == 0 && buffer.last == nil && buffer.elements.isEmpty)
  }

  @Test func unboundedKeepsEverythingAndEvictsNothing() {
    var buffer = RingBuffer<Int>(capacity: nil)
    #expect(buffer.capacity == nil)
    for value in 0..<200 { #expect(buffer.append(value) == nil) }
    #expect(buffer.elements == Array(0..<200))
    #expect(buffer.last == 199)
    #expect(buffer.count == 200)
  }

  @Test(arguments: [1, 2, 3, nil] as [Int?])
  func removeAllEmptiesAndTheBufferRefillsInOrder(capacity: Int?) {
    var buffer = RingBuffer<Int>(capacity: capacity)
    for value in 0..<7 { buffer.append(value) }
    buffer.removeAll()
    #expect(buffer.isEmpty && buffer.count == 0 && buffer.last == nil && buffer.elements.isEmpty)
    for value in 10..<17 { buffer.append(value) }
    let kept = capacity ?? 7
    #expect(buffer.elements == Array((17 - kept)..<17))
    #expect(buffer.last == 16)
  }
}
