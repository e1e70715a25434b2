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
  public func dematerialize() -> Observable<Element.Element> {
    DematerializeObservable(source: asObservable())
  }
}

final class DematerializeObservable<Source: EventConvertible>: Observable<Source.Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let source: Observable<Source>

  init(source: Observable<Source>) { self.source = source }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Source.Element {
    let sink = DematerializeSink<Source, Observer>(observer: observer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class DematerializeSink<Source: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Observer.Element == Source.Element {
  // @unchecked Sendable: no mutable state of its own.
  func on(_ event: Event<Source>) {
    switch event {
    case .next(let element): forward(element.event)
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
