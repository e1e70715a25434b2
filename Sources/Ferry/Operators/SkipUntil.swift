extension ObservableType {
  /// Drops the source's elements until `other` emits an element, then emits every later element.
  ///
  /// `other` is subscribed first and disposed after its first element. An error from `other` terminates the
  /// sequence with it; completion of `other` without an element leaves the gate closed (the source's elements
  /// keep being dropped until it terminates).
  public func skip<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    SkipUntilObservable(source: asObservable(), other: other.asObservable())
  }
}

final class SkipUntilObservable<Element, Other>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let other: Observable<Other>

  init(source: Observable<Element>, other: Observable<Other>) {
    self.source = source
    self.other = other
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SkipUntilSink<Other, Observer>(observer: observer)
    sink.otherSubscription.setDisposable(other.subscribe(UntilOtherObserver(sink: sink)))
    if !sink.isDisposed {
      sink.setUpstream(source.subscribe(sink))
    }
    return sink
  }
}

final class SkipUntilSink<Other, Observer: ObserverType>:
  SerializingSink<Observer, Void, UntilInput<Observer.Element, Other>>, ObserverType, UntilSink, @unchecked Sendable
{
  // `@unchecked Sendable`: `isOpen` is read and written only by `deliver`, which `SerializingSink` serialises;
  // `otherSubscription` is itself thread-safe.
  typealias Source = Observer.Element
  let otherSubscription = SingleAssignmentDisposable()
  private var isOpen = false

  init(observer: Observer) { super.init(observer: observer, state: ()) }

  func on(_ event: Event<Observer.Element>) { receive(.source(event)) }

  func receive(_ input: UntilInput<Observer.Element, Other>) {
    synchronized { _, outbox in outbox.send(input) }
  }

  override func deliver(_ input: UntilInput<Observer.Element, Other>) {
    switch input {
    case .source(.next(let element)):
      if isOpen { forwardNext(element) }
    case .source(let event): forward(event)
    case .other(.next):
      isOpen = true
      otherSubscription.dispose()
    case .other(.error(let error)): forwardError(error)
    case .other(.completed): otherSubscription.dispose()
    }
  }

  override func disposeResources() { otherSubscription.dispose() }
}
