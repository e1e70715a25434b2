/// A type that can be converted to an ``Observable``.
@preconcurrency
public protocol ObservableConvertibleType<Element>: Sendable {
  /// The type of elements in the sequence.
  associatedtype Element

  /// Converts `self` to an ``Observable``.
  func asObservable() -> Observable<Element>
}

/// A push-based sequence of elements: the central abstraction of Ferry's reactive core.
public protocol ObservableType<Element>: ObservableConvertibleType {
  /// Subscribes `observer` to the sequence.
  ///
  /// - Returns: a disposable that cancels the subscription. Disposing it on the thread that is delivering an
  ///   event guarantees that nothing more is delivered to `observer` after `dispose()` returns.
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element
}

extension ObservableType {
  /// Type-erases `self` to an ``Observable``.
  public func asObservable() -> Observable<Element> {
    Observable.create { observer in self.subscribe(observer) }
  }
}
