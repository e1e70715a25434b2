/// A type that can be viewed as an ``Event`` (used by `dematerialize()`).
public protocol EventConvertible<Element> {
  /// The element type of the event.
  associatedtype Element

  /// The event this value represents.
  var event: Event<Element> { get }
}

extension Event: EventConvertible {
  /// `self`.
  public var event: Event<Element> { self }
}

extension ObservableType where Element: EventConvertible {
  /// Turns elements that are events back into events: the inverse of `materialize()`.
  ///
  /// A `.error` or `.completed` element terminates the sequence (and disposes the source).
  @inlinable
  public func dematerialize() -> Observable<Element.Element> {
    // The event step is built here so that the client specialises it (see `EventStep`).
    MapObservable(source: asObservable()) { event, deliver in
      switch event {
      case .next(let element):
        switch element.event {
        case .next(let value):
          deliver(.next(value))
          return .consumed
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }
}
