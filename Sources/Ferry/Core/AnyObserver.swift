/// A type-erased observer.
///
/// Differs from RxSwift in that the event handler is `@Sendable`: a sequence may call it on any thread.
public struct AnyObserver<Element>: ObserverType {
  /// The event handler type.
  @preconcurrency
  public typealias EventHandler = @Sendable (Event<Element>) -> Void

  @usableFromInline let observer: EventHandler

  /// Creates an observer that forwards every event to `eventHandler`.
  @preconcurrency
  @inlinable public init(eventHandler: @escaping EventHandler) {
    self.observer = eventHandler
  }

  /// Wraps `observer`.
  @inlinable public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    if let erased = observer as? AnyObserver<Element> {
      self = erased
    } else {
      self.observer = observer.on
    }
  }

  /// Forwards `event` to the wrapped handler.
  @inlinable public func on(_ event: Event<Element>) { observer(event) }

  /// Returns `self`.
  @inlinable public func asObserver() -> AnyObserver<Element> { self }
}
