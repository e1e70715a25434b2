extension Observable {
  /// Creates an observable from a subscribe function.
  ///
  /// The function runs once per subscription with an observer for that subscription and returns the disposable
  /// that tears it down. Ferry enforces the grammar on its behalf: events after a stop event or after disposal
  /// are dropped, and the returned disposable is disposed after a stop event.
  @preconcurrency
  public static func create(
    _ subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable
  ) -> Observable<Element> {
    AnonymousObservable(subscribe)
  }
}

final class AnonymousObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let subscribeHandler: @Sendable (AnyObserver<Element>) -> any Disposable

  init(_ subscribeHandler: @escaping @Sendable (AnyObserver<Element>) -> any Disposable) {
    self.subscribeHandler = subscribeHandler
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = AnonymousObservableSink(observer: observer)
    sink.setUpstream(subscribeHandler(AnyObserver(sink)))
    return sink
  }
}

final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: no mutable state of its own (``Sink``'s is atomic); the subscribe function must call the
  // observer one event at a time (the Rx grammar), which debug builds check.
  #if DEBUG
  let synchronization = SynchronizationChecker("Observable.create")
  #endif

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    forward(event)
  }
}
