extension ConnectableObservableType {
  /// An observable that connects `self` when its first subscriber arrives and disconnects when the last one
  /// leaves (or when the source terminates, so that a later subscriber connects again).
  public func refCount() -> Observable<Element> {
    RefCountObservable(source: self)
  }
}

final class RefCountObservable<Source: ConnectableObservableType>: Observable<Source.Element>, @unchecked Sendable {
  // `@unchecked Sendable`: the subscriber count and the connection live in `state` (a `LockedState`); `source`
  // is immutable.
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
    let (connectionID, connects) = state.withLock { state in
      state.count += 1
      return (state.connectionID, state.count == 1)
    }
    let sink = RefCountSink(observer: observer, parent: self, connectionID: connectionID)
    sink.setUpstream(source.subscribe(sink))
    if connects {
      let connection = source.connect()
      let stale = state.withLock { state -> Bool in
        guard state.connectionID == connectionID, state.count > 0, state.connection == nil else { return true }
        state.connection = connection
        return false
      }
      if stale { connection.dispose() }
    }
    return sink
  }

  /// A subscriber of connection `connectionID` left.
  func release(_ connectionID: UInt64) {
    let connection = state.withLock { state -> (any Disposable)? in
      guard state.connectionID == connectionID else { return nil }
      state.count -= 1
      guard state.count == 0 else { return nil }
      state.connectionID &+= 1
      defer { state.connection = nil }
      return state.connection
    }
    connection?.dispose()
  }

  /// The source terminated: end connection `connectionID`, whatever the number of subscribers.
  func terminate(_ connectionID: UInt64) {
    let connection = state.withLock { state -> (any Disposable)? in
      guard state.connectionID == connectionID else { return nil }
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
  // `@unchecked Sendable`: `parent` and `connectionID` are immutable.
  let parent: RefCountObservable<Source>
  let connectionID: UInt64

  init(observer: Observer, parent: RefCountObservable<Source>, connectionID: UInt64) {
    self.parent = parent
    self.connectionID = connectionID
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .error, .completed:
      parent.terminate(connectionID)
      forward(event)
    }
  }

  override func disposeResources() {
    parent.release(connectionID)
  }
}
