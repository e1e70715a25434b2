/// A sequence that can be converted to a ``ControlEvent``.
public protocol ControlEventType: ObservableType {
  /// Returns `self` as a ``ControlEvent``.
  func asControlEvent() -> ControlEvent<Element>
}

/// An event of a UI element (a tap, an editing end): no initial element, never errors, completes when the element
/// is deallocated, delivers on the main thread.
///
/// The sequence is subscribed on the main thread (``ConcurrentMainScheduler``); the other properties are the
/// promise of whoever creates the control event (as in RxCocoa). An app declares the few it needs:
///
/// ```swift
/// extension Reactive where Base: UIButton {
///   var tap: ControlEvent<Void> { ControlEvent(events: base.tapRelay) }
/// }
/// ```
public struct ControlEvent<PropertyType>: ControlEventType {
  /// The element type.
  public typealias Element = PropertyType

  let events: Observable<PropertyType>

  /// Creates a control event whose elements are those of `events`, subscribed on the main thread.
  public init<Events: ObservableType>(events: Events) where Events.Element == Element {
    self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
  }

  /// Subscribes `observer` to the events.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    events.subscribe(observer)
  }

  /// The events as an ``Observable``.
  public func asObservable() -> Observable<Element> {
    events
  }

  /// Returns `self`.
  public func asControlEvent() -> ControlEvent<Element> {
    self
  }

  /// The events as an ``Infallible`` (a control event never errors).
  public func asInfallible() -> Infallible<Element> {
    asInfallible(onErrorFallbackTo: .empty())
  }

  /// The events as a ``Driver``.
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorDriveWith: .empty())
  }

  /// The events as a ``Signal``.
  public func asSignal() -> Signal<Element> {
    asSignal(onErrorSignalWith: .empty())
  }
}
