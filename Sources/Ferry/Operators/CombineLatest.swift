extension ObservableType {
  /// Combines the latest elements of every source of `collection` with `resultSelector`, each time any source
  /// emits, once all of them have emitted.
  ///
  /// Completes when all sources completed, or as soon as one completes without having emitted (no combination
  /// can follow); the first error terminates the result. An empty collection emits `resultSelector([])` and
  /// completes.
  @preconcurrency
  public static func combineLatest<C: Collection>(
    _ collection: C,
    resultSelector: @escaping @Sendable ([C.Element.Element]) throws -> Element
  ) -> Observable<Element> where C.Element: ObservableType {
    CombineLatestObservable(sources: collection.map(ErasedSource.init)) { values in
      try resultSelector(values.map { $0 as! C.Element.Element })
    }
  }

  /// Emits an array of the latest elements of every source of `collection`, each time any source emits, once
  /// all of them have emitted. See ``combineLatest(_:resultSelector:)`` for termination.
  public static func combineLatest<C: Collection>(_ collection: C) -> Observable<[Element]>
  where C.Element: ObservableType, C.Element.Element == Element {
    CombineLatestObservable(sources: collection.map(ErasedSource.init)) { values in
      values.map { $0 as! Element }
    }
  }
}

/// One source of a combining operator (`combineLatest`, `zip`), with its element type erased to `Any` so that
/// one engine serves every arity.
struct ErasedSource: Sendable {
  let subscribe: @Sendable (_ handler: @escaping @Sendable (Event<Any>) -> Void) -> any Disposable

  init<Source: ObservableConvertibleType>(_ source: Source) {
    let observable = source.asObservable()
    subscribe = { handler in
      observable.subscribe(
        TaggedObserver<Source.Element> { event in
          switch event {
          case .next(let element): handler(.next(element))
          case .error(let error): handler(.error(error))
          case .completed: handler(.completed)
          }
        })
    }
  }
}

/// What a combining sink decided to deliver: a combination to pass through the result selector (outside the
/// lock, on the delivering thread), or a stop event.
enum CombineItem {
  case values([Any])
  case error(any Swift.Error)
  case completed
}

extension SerializingSink where Item == CombineItem {
  /// Subscribes to `sources` in order (stopping early if the sink got disposed) under one composite upstream.
  func subscribeAll(_ sources: [ErasedSource], _ handler: @escaping @Sendable (Event<Any>, Int) -> Void) {
    let subscriptions = CompositeDisposable()
    setUpstream(subscriptions)
    for (index, source) in sources.enumerated() {
      if isDisposed { return }
      subscriptions.insert(source.subscribe { event in handler(event, index) })
    }
  }

  /// Applies `resultSelector` to a combination and forwards the result, or forwards a stop event.
  func deliverCombination(_ item: CombineItem, _ resultSelector: @Sendable ([Any]) throws -> Observer.Element) {
    switch item {
    case .values(let values):
      do {
        forwardNext(try resultSelector(values))
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}

final class CombineLatestObservable<Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let sources: [ErasedSource]
  let resultSelector: @Sendable ([Any]) throws -> Result

  init(sources: [ErasedSource], resultSelector: @escaping @Sendable ([Any]) throws -> Result) {
    self.sources = sources
    self.resultSelector = resultSelector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = CombineLatestSink(observer: observer, count: sources.count, resultSelector: resultSelector)
    sink.run(sources)
    return sink
  }
}

/// The lock-protected state of a ``CombineLatestSink``.
struct CombineLatestState {
  var latest: [Any?]
  var valueCount = 0
  var done: [Bool]
  var doneCount = 0
  var stopped = false

  init(count: Int) {
    latest = Array(repeating: nil, count: count)
    done = Array(repeating: false, count: count)
  }

  /// Applies one source event; returns what to deliver, if anything.
  mutating func on(_ event: Event<Any>, index: Int) -> CombineItem? {
    guard !stopped else { return nil }
    switch event {
    case .next(let element):
      if latest[index] == nil { valueCount += 1 }
      latest[index] = element
      if valueCount == latest.count { return .values(latest.map { $0! }) }
      // As RxSwift: while some source has no value yet, an element whose every other source has completed
      // (so one of them completed empty) ends the sequence: no combination can ever be produced.
      guard done.indices.allSatisfy({ $0 == index || done[$0] }) else { return nil }
      stopped = true
      return .completed
    case .error(let error):
      stopped = true
      return .error(error)
    case .completed:
      guard !done[index] else { return nil }
      done[index] = true
      doneCount += 1
      // As RxSwift: only when every source has completed (a source completing empty is noticed at the next
      // element of another one, above).
      guard doneCount == done.count else { return nil }
      stopped = true
      return .completed
    }
  }
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``).
final class CombineLatestSink<Observer: ObserverType>:
  SerializingSink<Observer, CombineLatestState, CombineItem>, @unchecked Sendable
{
  let resultSelector: @Sendable ([Any]) throws -> Observer.Element

  init(observer: Observer, count: Int, resultSelector: @escaping @Sendable ([Any]) throws -> Observer.Element) {
    self.resultSelector = resultSelector
    super.init(observer: observer, state: CombineLatestState(count: count))
  }

  func run(_ sources: [ErasedSource]) {
    if sources.isEmpty {
      synchronized { state, outbox in
        state.stopped = true
        outbox.send(.values([]))
        outbox.send(.completed)
      }
      return
    }
    subscribeAll(sources) { [self] event, index in
      synchronized { state, outbox in
        // The element this one replaces is released after the lock.
        // (Unwrapped first: an `Any?` would not fit an existential's inline buffer and would be boxed.)
        if case .next = event, let replaced = state.latest[index] { outbox.releaseAfterUnlock(replaced) }
        if let item = state.on(event, index: index) { outbox.send(item) }
      }
    }
  }

  override func deliver(_ item: CombineItem) { deliverCombination(item, resultSelector) }
}
