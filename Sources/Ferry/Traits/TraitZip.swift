/// Subscribes to every source, each expected to produce at most one element, and emits the array of their
/// elements once all have produced one, then completes. Fails with the first error; completes without an
/// element if a source completes without one.
final class TraitZipObservable<Element>: Observable<[Element]>, @unchecked Sendable {
  let sources: [Observable<Element>]

  init(sources: [Observable<Element>]) {
    self.sources = sources
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == [Element] {
    let sink = TraitZipSink<Element, Observer>(observer: observer, count: sources.count)
    var subscriptions: [any Disposable] = []
    subscriptions.reserveCapacity(sources.count)
    for (index, source) in sources.enumerated() {
      if sink.isDisposed { break }
      subscriptions.append(source.subscribe(TraitZipObserver(sink: sink, index: index)))
    }
    sink.setUpstream(Disposables.create(subscriptions))
    return sink
  }
}

final class TraitZipSink<Element, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
where Observer.Element == [Element] {
  // `@unchecked Sendable`: the collected elements live in `state` (a `LockedState`).
  struct State {
    var values: [Element?]
    var remaining: Int
  }

  let state: LockedState<State>

  init(observer: Observer, count: Int) {
    state = LockedState(State(values: Array(repeating: nil, count: count), remaining: count))
    super.init(observer: observer)
  }

  func on(_ event: Event<Element>, index: Int) {
    switch event {
    case .next(let element):
      let complete: [Element]? = state.withLock { state in
        guard state.values[index] == nil else { return nil }
        state.values[index] = element
        state.remaining -= 1
        guard state.remaining == 0 else { return nil }
        let values = state.values.map { $0! }
        state.values = []
        return values
      }
      if let complete {
        forwardNext(complete)
        forwardCompleted()
      }
    case .error(let error):
      forwardError(error)
    case .completed:
      let empty = state.withLock { state in state.remaining > 0 && state.values[index] == nil }
      if empty { forwardCompleted() }
    }
  }
}

/// The observer of one source of a zip: tags events with the source's index.
struct TraitZipObserver<Element, Observer: ObserverType>: ObserverType where Observer.Element == [Element] {
  let sink: TraitZipSink<Element, Observer>
  let index: Int

  func on(_ event: Event<Element>) { sink.on(event, index: index) }
}
