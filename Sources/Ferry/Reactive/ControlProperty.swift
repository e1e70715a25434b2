/// A sequence that is also an observer, convertible to a ``ControlProperty``.
public protocol ControlPropertyType: ObservableType, ObserverType {
  /// Returns `self` as a ``ControlProperty``.
  func asControlProperty() -> ControlProperty<Element>
}

/// A property of a UI element (a text field's text): its values are the current value on subscription and then
/// the user's changes (never errors, completes when the element is deallocated, delivers on the main thread);
/// binding to it sets the value.
///
/// The values are subscribed on the main thread (``ConcurrentMainScheduler``); replaying the current value and
/// the other properties are the promise of whoever creates the control property (as in RxCocoa):
///
/// ```swift
/// extension Reactive where Base: UITextField {
///   var text: ControlProperty<String?> {
///     ControlProperty(values: textChanges, valueSink: Binder(base) { field, text in field.text = text })
///   }
/// }
/// ```
public struct ControlProperty<PropertyType>: ControlPropertyType {
  /// The element type.
  public typealias Element = PropertyType

  let values: Observable<PropertyType>
  let valueSink: AnyObserver<PropertyType>

  /// Creates a control property whose values are those of `values` (subscribed on the main thread) and whose
  /// observer side forwards to `valueSink`.
  public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
  where Element == Values.Element, Element == Sink.Element {
    self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
    self.valueSink = valueSink.asObserver()
  }

  /// Subscribes `observer` to the values.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    values.subscribe(observer)
  }

  /// The user's changes: every value but the first (the current value on subscription).
  public var changed: ControlEvent<PropertyType> {
    ControlEvent(events: values.skip(1))
  }

  /// The values as an ``Observable``.
  public func asObservable() -> Observable<Element> {
    values
  }

  /// Returns `self`.
  public func asControlProperty() -> ControlProperty<Element> {
    self
  }

  /// The values as a ``Driver``.
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorDriveWith: .empty())
  }

  /// Sets the property: elements and completion go to the value sink; an error is reported to
  /// ``Hooks/defaultErrorHandler`` (RxCocoa traps in debug builds).
  public func on(_ event: Event<Element>) {
    switch event {
    case .error(let error):
      Hooks.unhandledError(error)
    case .next, .completed:
      valueSink.on(event)
    }
  }
}

extension ControlPropertyType where Element == String? {
  /// The property as `String`: `nil` values read as `""`.
  public var orEmpty: ControlProperty<String> {
    let original = asControlProperty()
    let values = original.values.map { $0 ?? "" }
    let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
    return ControlProperty(values: values, valueSink: valueSink)
  }
}
