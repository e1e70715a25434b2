/// A push-based sequence of elements over time, with the Rx grammar `next* (error | completed)?`.
///
/// `Observable` is immutable once created and so is `Sendable`; its elements are not required to be `Sendable`
/// (see "Differences from RxSwift"), and the async bridges that move elements across isolation domains
/// require `Element: Sendable` where the compiler needs it.
public class Observable<Element>: ObservableType, @unchecked Sendable {
  // @unchecked Sendable: observables hold only immutable configuration (`let` properties whose types are `Sendable` or
  // are themselves guarded by a lock); all mutable subscription state lives in sinks.
  @usableFromInline init() {}

  /// Subscribes `observer` to the sequence. Subclasses override this.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    preconditionFailure("Internal inconsistency: Observable.subscribe is abstract")
  }

  /// Returns `self`.
  public func asObservable() -> Observable<Element> { self }
}
