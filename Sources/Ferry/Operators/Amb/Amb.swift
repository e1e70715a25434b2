extension ObservableType {
  /// Mirrors whichever of `self` and `right` sends an event first (an element, an error or the completion); the
  /// other one's subscription is disposed at that moment.
  public func amb<Right: ObservableType>(_ right: Right) -> Observable<Element> where Right.Element == Element {
    ambObservable([asObservable(), right.asObservable()])
  }

  /// Mirrors whichever of `sequence`'s sources sends an event first (an element, an error or the completion); every
  /// other source's subscription is disposed at that moment. The sources are subscribed in order; an empty
  /// sequence never sends anything (as RxSwift's, whose `amb` of nothing is `never()`).
  public static func amb<S: Sequence>(_ sequence: S) -> Observable<Element> where S.Element == Observable<Element> {
    ambObservable(Array(sequence))
  }
}

/// `amb` over `sources`, on the operator engine: one ``AmbStateMachine`` per subscription decides the winner.
func ambObservable<Element>(_ sources: [Observable<Element>]) -> Observable<Element> {
  OperatorObservable { host in
    let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
    let all = CompositeDisposable(disposables: subscriptions)
    let storage = OperatorStorage(AmbStateMachine<Element>(), downstream: host, resources: all)
    host.attach(storage)
    host.setUpstream(all)
    for (index, source) in sources.enumerated() {
      // A source that won and terminated while being subscribed ended the subscription: the rest are not needed.
      if host.isDisposed { break }
      subscriptions[index].setDisposable(
        source.subscribe(
          CoreSourceObserver(host: host) { event in
            let action = storage.withLock { $0.event(event, from: index) }
            guard case .won(_, let winner) = action else { return }
            for (other, subscription) in subscriptions.enumerated() where other != winner {
              subscription.dispose()
            }
          }))
    }
  }
}
