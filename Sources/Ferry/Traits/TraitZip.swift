/// Subscribes to every source, each expected to produce at most one element, and emits the array of their
/// elements once all have produced one, then completes. Fails with the first error; completes without an
/// element if a source completes without one.
///
/// With `waitsForAllCompletions` (the zip of completables) a source completing without an element does not
/// end the zip: it completes when every source has completed.
final class TraitZipObservable<Element>: Observable<[Element]>, @unchecked Sendable {
  let sources: [Observable<Element>]
  let waitsForAllCompletions: Bool

  init(sources: [Observable<Element>], waitsForAllCompletions: Bool = false) {
    self.sources = sources
    self.waitsForAllCompletions = waitsForAllCompletions
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == [Element] {
    let sink = TraitZipSink<Element, Observer>(
      observer: observer,
      count: sources.count,
      waitsForAllCompletions: waitsForAllCompletions
    )
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
    var uncompleted: Int
  }

  let state: LockedState<State>
  let waitsForAllCompletions: Bool

  init(observer: Observer, count: Int, waitsForAllCompletions: Bool) {
    state = LockedState(State(values: Array(repeating: nil, count: count), remaining: count, uncompleted: count))
    self.waitsForAllCompletions = waitsForAllCompletions
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
      let completes = state.withLock { state in
        state.uncompleted -= 1
        if waitsForAllCompletions { return state.uncompleted == 0 }
        return state.remaining > 0 && state.values[index] == nil
      }
      if completes { forwardCompleted() }
    }
  }
}

/// The observer of one source of a zip: tags events with the source's index.
struct TraitZipObserver<Element, Observer: ObserverType>: ObserverType where Observer.Element == [Element] {
  let sink: TraitZipSink<Element, Observer>
  let index: Int

  func on(_ event: Event<Element>) { sink.on(event, index: index) }
}
