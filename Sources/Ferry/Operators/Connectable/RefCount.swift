extension ConnectableObservableType {
  /// An observable that connects `self` when its first subscriber arrives and disconnects when the last one
  /// leaves (or when the source terminates, so that a later subscriber connects again).
  public func refCount() -> Observable<Element> {
    RefCountObservable(source: self)
  }
}

final class RefCountObservable<Source: ConnectableObservableType>: Observable<Source.Element>, @unchecked Sendable {
  // @unchecked Sendable: the subscriber count and the connection live in `state` (a `LockedState`); `source` is
  // immutable.
  struct State {
    var count = 0
    var connection: (any Disposable)?
    /// Incremented whenever a connection ends, so that subscribers of an ended connection do not count down the
    /// next one.
    var connectionID: UInt64 = 0
  }

  let source: Source
  let state = LockedState(State())

  init(source: Source) {
    self.source = source
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Source.Element {
    // Subscribe first, count after: a subscriber that the subject terminates during `subscribe` (it had already
    // terminated) is not counted and does not connect.
    let sink = RefCountSink(observer: observer, parent: self)
    sink.setUpstream(source.subscribe(sink))
    let registered = state.withLock { state -> (id: UInt64, connects: Bool)? in
      guard case .pending = sink.registration else { return nil }
      sink.registration = .registered(state.connectionID)
      state.count += 1
      return (state.connectionID, state.count == 1)
    }
    guard let registered, registered.connects else { return sink }
    let connection = source.connect()
    let stale = state.withLock { state -> Bool in
      guard state.connectionID == registered.id, state.count > 0, state.connection == nil else { return true }
      state.connection = connection
      return false
    }
    if stale { connection.dispose() }
    return sink
  }

  /// A subscriber left.
  func release<Observer>(_ sink: RefCountSink<Observer, Source>) {
    let connection = state.withLock { state -> (any Disposable)? in
      defer { sink.registration = .released }
      guard case .registered(let connectionID) = sink.registration, state.connectionID == connectionID else {
        return nil
      }
      state.count -= 1
      guard state.count == 0 else { return nil }
      state.connectionID &+= 1
      defer { state.connection = nil }
      return state.connection
    }
    connection?.dispose()
  }

  /// The source terminated for `sink`: end its connection, whatever the number of subscribers.
  func terminate<Observer>(_ sink: RefCountSink<Observer, Source>) {
    let connection = state.withLock { state -> (any Disposable)? in
      defer { sink.registration = .released }
      guard case .registered(let connectionID) = sink.registration, state.connectionID == connectionID else {
        return nil
      }
      state.count = 0
      state.connectionID &+= 1
      defer { state.connection = nil }
      return state.connection
    }
    connection?.dispose()
  }
}

final class RefCountSink<Observer: ObserverType, Source: ConnectableObservableType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Source.Element == Observer.Element {
  // @unchecked Sendable: `parent` is immutable; `registration` is read and written only under `parent.state`'s lock.
  enum Registration {
    /// Subscribing: not counted yet.
    case pending
    /// Counted in connection `id`.
    case registered(UInt64)
    /// Terminated or disposed: never counted again.
    case released
  }

  let parent: RefCountObservable<Source>
  var registration = Registration.pending

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
