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
  SerializingSink<Observer, UntilState, UntilInput<Observer.Element, Other>>, ObserverType, UntilSink,
  @unchecked Sendable
{
  // `@unchecked Sendable`: the gate is in the state behind `SerializingSink`'s lock, and `deliver` is serialised by
  // it; `otherSubscription` is itself thread-safe.
  typealias Source = Observer.Element
  let otherSubscription = SingleAssignmentDisposable()

  init(observer: Observer) { super.init(observer: observer, state: UntilState()) }

  func on(_ event: Event<Observer.Element>) { receive(.source(event)) }

  func receive(_ input: UntilInput<Observer.Element, Other>) {
    synchronized { state, outbox in
      // The gate opens in the order the inputs arrive: source elements before `other`'s first element are dropped.
      switch input {
      case .source(.next): if !state.otherFired { return }
      case .other(.next): state.otherFired = true
      default: break
      }
      outbox.send(input)
    }
  }

  override func deliver(_ input: UntilInput<Observer.Element, Other>) {
    switch input {
    case .source(.next(let element)):
      forwardNext(element)
    case .source(let event): forward(event)
    case .other(.next):
      otherSubscription.dispose()
    case .other(.error(let error)): forwardError(error)
    case .other(.completed): otherSubscription.dispose()
    }
  }

  override func disposeResources() { otherSubscription.dispose() }
}
