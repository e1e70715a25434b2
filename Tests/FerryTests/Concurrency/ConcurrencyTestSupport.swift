import Foundation

/// A weak reference that a `@Sendable` closure can fill in, to check later that the object was released.
final class WeakSlot<Object: AnyObject>: @unchecked Sendable {
  // `@unchecked Sendable`: `object` is only touched under `lock`.
  private weak var object: Object?
  private let lock = NSLock()

  init() {}

  func set(_ object: Object) {
    lock.lock()
    defer { lock.unlock() }
    self.object = object
  }

  var isNil: Bool {
    lock.lock()
    defer { lock.unlock() }
    return object == nil
  }
}
