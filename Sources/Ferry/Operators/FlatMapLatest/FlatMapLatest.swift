extension ObservableType {
  /// Projects each element to an inner sequence with `selector` and emits the elements of the most recent one
  /// only: the subscription to the previous inner sequence is disposed before the new one is subscribed to.
  ///
  /// Completes when `self` and the current inner sequence have completed; an error from either, or thrown by
  /// `selector`, terminates the result.
  @preconcurrency
  @inlinable
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    flatMapLatestObservable(asObservable()) { try selector($0).asObservable() }
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of the most recent inner sequence only: when a new inner sequence arrives, the
  /// subscription to the previous one is disposed.
  ///
  /// Completes when `self` and the current inner sequence have completed.
  @inlinable
  public func switchLatest() -> Observable<Element.Element> {
    flatMapLatestObservable(asObservable()) { $0.asObservable() }
  }
}

/// `flatMapLatest` and `switchLatest`: subscribes to the inner sequence `selector` makes of each element of `source`,
/// disposing the previous one's subscription first, and forwards the events of the latest only. A
/// ``FlatMapLatestStateMachine`` driven by ``OperatorStorage``, built where the element types are concrete, so the
/// per-element work is specialised in the client.
@inlinable
func flatMapLatestObservable<Source, Result>(
  _ source: Observable<Source>, selector: @escaping @Sendable (Source) throws -> Observable<Result>
) -> Observable<Result> {
  OperatorObservable { host in
    let storage = OperatorStorage(FlatMapLatestStateMachine<Result>(), downstream: host)
    host.attach(storage)
    let inner: @Sendable (Event<Result>, UInt64) -> Void = { event, id in
      switch event {
      case .next(let element): storage.deliver { $0.innerNext(element, id: id) }
      case .error(let error): _ = storage.withLockOnce { $0.innerFailed(error, id: id) }
      case .completed: storage.deliver { $0.innerCompleted(id) }
      }
    }
    host.setUpstream(
      source.subscribe(
        CoreSourceObserver(host: host) { event in
          switch event {
          case .next(let element):
            let next: Observable<Result>
            do {
              next = try selector(element)
            } catch {
              _ = storage.withLockOnce { $0.failed(error) }
              return
            }
            var previous: (any Disposable)? = nil
            guard case .subscribe(let id)? = storage.withLockDeliveringNothing({ $0.outerNext(previous: &previous) })
            else { return }
            // As RxSwift: the previous inner subscription is disposed before the next one is made.
            previous?.dispose()
            let subscription = next.subscribe(InnerSequenceObserver(handler: inner, id: id, host: host))
            // Disposed meanwhile, or superseded: disposed here. Otherwise, unless kept, it completed inside
            // `subscribe`: released here.
            switch storage.withLockDeliveringNothing({ $0.subscribed(id, subscription: subscription) }) {
            case .kept?, .release?: break
            case .dispose?, nil: subscription.dispose()
            }
          case .error(let error): _ = storage.withLockOnce { $0.failed(error) }
          case .completed: _ = storage.withLockOnce { $0.outerCompleted() }
          }
        }))
  }
}
