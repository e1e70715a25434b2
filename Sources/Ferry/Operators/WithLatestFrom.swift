extension ObservableType {
  /// Combines each element of `self` with the latest element of `second` using `resultSelector`.
  ///
  /// `second` is subscribed to first, so a `BehaviorRelay` or `BehaviorSubject` supplies its current value to
  /// the very first element of `self`. Elements of `self` that arrive before `second` has emitted are dropped.
  /// Completes when `self` completes (the completion of `second` is ignored); an error from either, or thrown
  /// by `resultSelector`, terminates the result.
  @preconcurrency
  public func withLatestFrom<Source: ObservableConvertibleType, Result>(
    _ second: Source,
    resultSelector: @escaping @Sendable (Element, Source.Element) throws -> Result
  ) -> Observable<Result> {
    WithLatestFromObservable(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
  }

  /// Emits the latest element of `second` each time `self` emits. See ``withLatestFrom(_:resultSelector:)``.
  public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
    WithLatestFromObservable(first: asObservable(), second: second.asObservable()) { $1 }
  }
}

final class WithLatestFromObservable<First, Second, Result>: Observable<Result>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let first: Observable<First>
  let second: Observable<Second>
  let resultSelector: @Sendable (First, Second) throws -> Result

  init(
    first: Observable<First>,
    second: Observable<Second>,
    resultSelector: @escaping @Sendable (First, Second) throws -> Result
  ) {
    self.first = first
    self.second = second
    self.resultSelector = resultSelector
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Result {
    let sink = WithLatestFromSink<First, Second, Observer>(observer: observer, resultSelector: resultSelector)
    sink.run(first: first, second: second)
    return sink
  }
}

/// The lock-protected state of a ``WithLatestFromSink``.
struct WithLatestFromState<Second> {
  var latest: Second?
  var stopped = false
}

/// What a ``WithLatestFromSink`` delivers: a pair for the result selector, or a stop event.
enum WithLatestFromItem<First, Second> {
  case pair(First, Second)
  case error(any Swift.Error)
  case completed
}

/// `@unchecked Sendable`: mutable state is in `locked` (see ``SerializingSink``).
final class WithLatestFromSink<First, Second, Observer: ObserverType>:
  SerializingSink<Observer, WithLatestFromState<Second>, WithLatestFromItem<First, Second>>, @unchecked Sendable
{
  let resultSelector: @Sendable (First, Second) throws -> Observer.Element

  init(observer: Observer, resultSelector: @escaping @Sendable (First, Second) throws -> Observer.Element) {
    self.resultSelector = resultSelector
    super.init(observer: observer, state: WithLatestFromState())
  }

  func run(first: Observable<First>, second: Observable<Second>) {
    let subscriptions = CompositeDisposable()
    setUpstream(subscriptions)
    subscriptions.insert(second.subscribe(TaggedObserver { [self] event in onSecond(event) }))
    if isDisposed { return }
    subscriptions.insert(first.subscribe(TaggedObserver { [self] event in onFirst(event) }))
  }

  private func onFirst(_ event: Event<First>) {
    synchronized { state, outbox in
      guard !state.stopped else { return }
      switch event {
      case .next(let element):
        if let latest = state.latest { outbox.send(.pair(element, latest)) }
      case .error(let error):
        state.stopped = true
        outbox.send(.error(error))
      case .completed:
        state.stopped = true
        outbox.send(.completed)
      }
    }
  }

  private func onSecond(_ event: Event<Second>) {
    synchronized { state, outbox in
      guard !state.stopped else { return }
      switch event {
      case .next(let element):
        outbox.replace(&state.latest, with: element)
      case .error(let error):
        state.stopped = true
        outbox.send(.error(error))
      case .completed:
        break
      }
    }
  }

  override func deliver(_ item: WithLatestFromItem<First, Second>) {
    switch item {
    case .pair(let first, let second):
      do {
        forwardNext(try resultSelector(first, second))
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
