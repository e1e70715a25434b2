extension ObservableType {
  /// Emits the most recent element of `self` each time `sampler` emits or completes, if `self` emitted since
  /// the previous sample; otherwise emits `defaultValue`, if given.
  ///
  /// After `self` completes, the result completes at the next sample (after emitting a pending element). An
  /// error from either terminates the result; the completion of `sampler` alone does not complete it.
  public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
    SampleObservable(source: asObservable(), sampler: sampler.asObservable(), defaultValue: SampleDefault(defaultValue))
  }
}

/// The default value of a `sample`.
///
/// `@unchecked Sendable`: never mutated; copied into each subscription's state.
struct SampleDefault<Element>: @unchecked Sendable {
  let value: Element?
  init(_ value: Element?) { self.value = value }
}

final class SampleObservable<Element, SamplerElement>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let sampler: Observable<SamplerElement>
  let defaultValue: SampleDefault<Element>

  init(source: Observable<Element>, sampler: Observable<SamplerElement>, defaultValue: SampleDefault<Element>) {
    self.source = source
    self.sampler = sampler
    self.defaultValue = defaultValue
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SampleSink(observer: observer, defaultValue: defaultValue.value)
    sink.run(source: source, sampler: sampler)
    return sink
  }
}

/// The lock-protected state of a ``SampleSink``.
struct SampleState<Element> {
  var element: Element?
  let defaultValue: Element?
  var sourceDone = false
  var stopped = false
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``).
final class SampleSink<Observer: ObserverType>:
  SerializingSink<Observer, SampleState<Observer.Element>, Event<Observer.Element>>, @unchecked Sendable
{
  init(observer: Observer, defaultValue: Observer.Element?) {
    super.init(observer: observer, state: SampleState(defaultValue: defaultValue))
  }

  func run<SamplerElement>(source: Observable<Observer.Element>, sampler: Observable<SamplerElement>) {
    let subscriptions = CompositeDisposable()
    setUpstream(subscriptions)
    subscriptions.insert(source.subscribe(TaggedObserver { [self] event in onSource(event) }))
    if isDisposed { return }
    subscriptions.insert(
      sampler.subscribe(
        TaggedObserver<SamplerElement> { [self] event in
          switch event {
          case .next, .completed: onSample()
          case .error(let error): stop(.error(error))
          }
        }))
  }

  private func onSource(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element):
      synchronized { state, outbox in
        if !state.stopped { outbox.replace(&state.element, with: element) }
      }
    case .error:
      stop(event)
    case .completed:
      synchronized { state, _ in state.sourceDone = true }
    }
  }

  private func onSample() {
    synchronized { state, outbox in
      guard !state.stopped else { return }
      if let element = state.element ?? state.defaultValue {
        state.element = nil
        outbox.send(.next(element))
      }
      if state.sourceDone {
        state.stopped = true
        outbox.send(.completed)
      }
    }
  }

  private func stop(_ event: Event<Observer.Element>) {
    synchronized { state, outbox in
      guard !state.stopped else { return }
      state.stopped = true
      outbox.send(event)
    }
  }

  override func deliver(_ item: Event<Observer.Element>) { forward(item) }
}
