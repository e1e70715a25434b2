extension ObservableType {
  /// Emits the most recent element of `self` each time `sampler` emits or completes, if `self` emitted since
  /// the previous sample; otherwise emits `defaultValue`, if given.
  ///
  /// After `self` completes, the result completes at the next sample (after emitting a pending element). An
  /// error from either terminates the result; the completion of `sampler` alone does not complete it.
  @inlinable
  public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
    let source = asObservable()
    let sampler = sampler.asObservable()
    let defaultValue = SampleDefault(defaultValue)
    // Subscribes the source, then — unless it already stopped the result — the sampler, under one upstream.
    return OperatorObservable { host in
      let storage = OperatorStorage(SampleStateMachine(defaultValue: defaultValue.value), downstream: host)
      host.attach(storage)
      let subscriptions = CompositeDisposable()
      host.setUpstream(subscriptions)
      subscriptions.insert(
        source.subscribe(
          CoreSourceObserver<Element>(host: host) { event in
            switch event {
            case .next(let element): _ = storage.withLockDeliveringNothing { $0.next(element) }
            case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
            case .completed: _ = storage.withLockDeliveringNothing { $0.sourceCompleted() }
            }
          }))
      if host.isDisposed { return }
      subscriptions.insert(
        sampler.subscribe(
          CoreSourceObserver<Source.Element>(host: host) { event in
            switch event {
            case .next: _ = storage.withLock { $0.sampled() }
            case .completed: _ = storage.withLockOnce { $0.sampled() }
            case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
            }
          }))
    }
  }
}

/// The default value of a `sample`.
@usableFromInline
struct SampleDefault<Element>: @unchecked Sendable {
  // @unchecked Sendable: never mutated; copied into each subscription's state machine.
  @usableFromInline let value: Element?
  @inlinable init(_ value: Element?) { self.value = value }
}
