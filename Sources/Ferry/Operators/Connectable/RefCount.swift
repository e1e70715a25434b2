extension ConnectableObservableType {
  /// An observable that connects `self` when its first subscriber arrives and disconnects when the last one
  /// leaves (or when the source terminates, so that a later subscriber connects again).
  public func refCount() -> Observable<Element> {
    RefCountObservable(source: self)
  }
}

/// The observable of `refCount()`: a ``RefCountStateMachine`` shared by every subscription decides when to connect
/// and disconnect; this class connects and disposes connections after the lock, as the machine says.
final class RefCountObservable<Source: ConnectableObservableType>: Observable<Source.Element>, @unchecked Sendable {
  // @unchecked Sendable: the machine lives in `machine` (a `LockedState`), and each sink's `registration` is touched
  // only under that lock; `source` is immutable.
  let source: Source
  let machine = LockedState(RefCountStateMachine())

  init(source: Source) {
    self.source = source
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Source.Element {
    // Subscribe first, count after: a subscriber that the subject terminates during `subscribe` (it had already
    // terminated) is not counted and does not connect.
    let sink = RefCountSink(observer: observer, parent: self)
    sink.setUpstream(source.subscribe(sink))
    perform(machine.withLock { $0.subscribed(&sink.registration) })
    return sink
  }

  /// `sink`'s subscriber left.
  func release<Observer>(_ sink: RefCountSink<Observer, Source>) {
    perform(machine.withLock { $0.released(&sink.registration) })
  }

  /// The source terminated for `sink`.
  func terminate<Observer>(_ sink: RefCountSink<Observer, Source>) {
    perform(machine.withLock { $0.terminated(&sink.registration) })
  }

  /// Does what the machine decided, after its lock.
  private func perform(_ action: RefCountStateMachine.Action) {
    switch action {
    case .connect(let generation):
      let connection = source.connect()
      perform(machine.withLock { $0.connected(connection, generation: generation) })
    case .disconnect(let connection): connection.dispose()
    case .nothing: break
    }
  }
}

/// One subscriber of `refCount()`: forwards the subject's events and tells the observable when its subscriber
/// terminates or leaves.
final class RefCountSink<Observer: ObserverType, Source: ConnectableObservableType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Source.Element == Observer.Element {
  // @unchecked Sendable: `parent` is immutable; `registration` is read and written only by the machine, under
  // `parent.machine`'s lock.
  let parent: RefCountObservable<Source>
  /// This subscriber's standing in the parent's machine, stored here so that a subscription needs no slot in it.
  var registration = RefCountStateMachine.Registration.pending

  init(observer: Observer, parent: RefCountObservable<Source>) {
    self.parent = parent
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .error, .completed:
      parent.terminate(self)
      forward(event)
    }
  }

  override func disposeResources() {
    parent.release(self)
  }
}
