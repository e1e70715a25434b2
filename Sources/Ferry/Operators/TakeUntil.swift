extension ObservableType {
  /// Emits the source's elements until `other` emits an element, then completes.
  ///
  /// `other` is subscribed first; if it emits synchronously, the source is never subscribed. An error from
  /// `other` terminates the sequence with it; completion of `other` without an element changes nothing.
  public func take<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    TakeUntilObservable(source: asObservable(), other: other.asObservable())
  }
}

final class TakeUntilObservable<Element, Other>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let other: Observable<Other>

  init(source: Observable<Element>, other: Observable<Other>) {
    self.source = source
    self.other = other
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TakeUntilSink<Other, Observer>(observer: observer)
    sink.otherSubscription.setDisposable(other.subscribe(UntilOtherObserver(sink: sink)))
    if !sink.isDisposed {
      sink.setUpstream(source.subscribe(sink))
    }
    return sink
  }
}

/// Observes the `other` sequence of `take(until:)` / `skip(until:)` on behalf of a sink.
struct UntilOtherObserver<Sink: UntilSink>: ObserverType {
  let sink: Sink

  func on(_ event: Event<Sink.Other>) { sink.receive(.other(event)) }
}

/// A sink fed by its source and by an `other` sequence; its inputs are serialised by ``SerializingSink``.
protocol UntilSink<Other>: AnyObject, Sendable {
  associatedtype Source
  associatedtype Other
  func receive(_ input: UntilInput<Source, Other>)
}

/// What `take(until:)` / `skip(until:)` decide under the sink's lock, in the order the inputs arrive.
struct UntilState {
  /// `other` has emitted an element.
  var otherFired = false
}

/// An event from the source or from the `other` sequence.
enum UntilInput<Source, Other> {
  case source(Event<Source>)
  case other(Event<Other>)
}

final class TakeUntilSink<Other, Observer: ObserverType>:
  SerializingSink<Observer, UntilState, UntilInput<Observer.Element, Other>>, ObserverType, UntilSink,
  @unchecked Sendable
{
  // `@unchecked Sendable`: the state is behind `SerializingSink`'s lock and `deliver` is serialised by it;
  // `otherSubscription` is itself thread-safe.
  typealias Source = Observer.Element
  let otherSubscription = SingleAssignmentDisposable()

  init(observer: Observer) { super.init(observer: observer, state: UntilState()) }

  func on(_ event: Event<Observer.Element>) { receive(.source(event)) }

  func receive(_ input: UntilInput<Observer.Element, Other>) {
    synchronized { state, outbox in
      // Once `other` has fired the sequence completes: what the source sends after it is not queued.
      if state.otherFired, case .source = input { return }
      if case .other(.next) = input { state.otherFired = true }
      outbox.send(input)
    }
  }

  override func deliver(_ input: UntilInput<Observer.Element, Other>) {
    switch input {
    case .source(let event): forward(event)
    case .other(.next): forwardCompleted()
    case .other(.error(let error)): forwardError(error)
    case .other(.completed): otherSubscription.dispose()
    }
  }

  override func disposeResources() { otherSubscription.dispose() }
}
