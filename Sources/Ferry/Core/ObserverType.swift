/// A type that receives the events of a sequence.
///
/// Observers are `Sendable`: a sequence may deliver its events on any thread, one at a time.
@preconcurrency
public protocol ObserverType<Element>: Sendable {
  /// The type of elements this observer receives.
  associatedtype Element

  /// Delivers one event. Callers never overlap calls to one observer and send nothing after a stop event.
  func on(_ event: Event<Element>)

  /// Ferry's, not for use: whether this observer, or an observer it forwards to, no longer listens (disposed, or
  /// stopped by an operator such as `take(_:)`). A source that loops inside `subscribe` (`from`, `range`,
  /// `repeatElement`) asks before each element, so that it stops at the element that finished its downstream — in
  /// RxSwift the current-thread trampoline does that — before `subscribe` has returned the disposable that would
  /// stop it. An observer of your own keeps the default, `false`.
  var _isDownstreamDisposed: Bool { get }
}

extension ObserverType {
  /// `false`: an observer that forwards to no Ferry observer cannot tell whether anything below it stopped.
  public var _isDownstreamDisposed: Bool { false }

  /// Sends `.next(element)`.
  @inlinable public func onNext(_ element: Element) { on(.next(element)) }

  /// Sends `.completed`.
  @inlinable public func onCompleted() { on(.completed) }

  /// Sends `.error(error)`.
  @inlinable public func onError(_ error: any Swift.Error) { on(.error(error)) }

  /// Type-erases this observer.
  @inlinable public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

  /// An observer that transforms elements with `transform` before sending them to `self`.
  @preconcurrency
  public func mapObserver<Result>(_ transform: @escaping @Sendable (Result) throws -> Element) -> AnyObserver<Result> {
    AnyObserver { event in self.on(event.map(transform)) }
  }
}
