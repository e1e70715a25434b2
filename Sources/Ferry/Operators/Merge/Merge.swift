extension ObservableType where Element: ObservableConvertibleType {
  /// Subscribes to every inner sequence as it arrives and emits all their elements.
  ///
  /// Completes when `self` and every inner sequence have completed; the first error from any of them
  /// terminates the result. Disposing the result disposes `self` and every inner subscription.
  @inlinable
  public func merge() -> Observable<Element.Element> {
    mergeObservable(asObservable(), maxConcurrent: .max, dropsWhileBusy: false) { $0.asObservable() }
  }

  /// Like ``merge()``, but subscribes to at most `maxConcurrent` inner sequences at a time; later ones wait, in
  /// order, until an active one completes.
  ///
  /// - Precondition: `maxConcurrent > 0`.
  @inlinable
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    requireArgument(maxConcurrent > 0, "merge(maxConcurrent:): maxConcurrent must be > 0, got \(maxConcurrent)")
    return mergeObservable(asObservable(), maxConcurrent: maxConcurrent, dropsWhileBusy: false) { $0.asObservable() }
  }
}

extension ObservableType {
  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  @inlinable
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    Observable.from(sources).merge()
  }

  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  @inlinable
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable.from(sources).merge()
  }

  /// Emits the elements of all `sources` as they arrive; completes when all of them have completed.
  @inlinable
  public static func merge<C: Collection>(_ sources: C) -> Observable<Element> where C.Element == Observable<Element> {
    Observable.from(Array(sources)).merge()
  }
}

/// `merge`, `flatMap`, `concat`, `concatMap` and `flatMapFirst`: subscribes to the inner sequence `selector` makes
/// of each element of `source`, at most `maxConcurrent` at a time (later ones wait in order or, `dropsWhileBusy`,
/// are ignored without calling `selector`). A ``MergeStateMachine`` driven by ``OperatorStorage``, built where the
/// element types are concrete, so the per-element work is specialised in the client.
@inlinable
func mergeObservable<Source, Result>(
  _ source: Observable<Source>, maxConcurrent: Int, dropsWhileBusy: Bool,
  selector: @escaping @Sendable (Source) throws -> Observable<Result>
) -> Observable<Result> {
  OperatorObservable { host in
    let storage = OperatorStorage(
      MergeStateMachine<Result>(maxConcurrent: maxConcurrent, dropsWhileBusy: dropsWhileBusy), downstream: host)
    host.attach(storage)
    let inner: @Sendable (Event<Result>, UInt64) -> Void = { event, id in
      switch event {
      case .next(let element): storage.deliver { $0.innerNext(element) }
      case .error(let error): storage.deliver { $0.failed(error) }
      case .completed:
        guard let action = storage.withLockOnce({ $0.innerCompleted(id) }) else { return }
        action.subscription?.dispose()
        if let handler = action.startsPending { mergeStartPending(storage, handler: handler) }
      }
    }
    storage.withLockDeliveringNothing { $0.innerHandlerBuilt(inner) }
    host.setUpstream(
      source.subscribe(
        CoreSourceObserver(host: host) { event in
          switch event {
          case .next(let element):
            if dropsWhileBusy && storage.withLockDeliveringNothing({ $0.admitsOuterElement() }) != true { return }
            let next: Observable<Result>
            do {
              next = try selector(element)
            } catch {
              return storage.deliver { $0.failed(error) }
            }
            switch storage.withLockDeliveringNothing({ $0.outerNext(next) }) {
            case .subscribe(let id)?:
              mergeSubscribe(storage, next, id: id, handler: inner)
              mergeStartPending(storage, handler: inner)
            case .startPending?: mergeStartPending(storage, handler: inner)
            case .ignore?, nil: break
            }
          case .error(let error): storage.deliver { $0.failed(error) }
          case .completed: storage.deliver { $0.outerCompleted() }
          }
        }))
  }
}

/// The start loop of a merge: subscribes to waiting inner sequences while there is capacity and no other thread
/// runs the loop.
@inlinable
func mergeStartPending<Result>(
  _ storage: OperatorStorage<MergeStateMachine<Result>>, handler: @escaping @Sendable (Event<Result>, UInt64) -> Void
) {
  while let (inner, id) = storage.withLockDeliveringNothing({ $0.nextToStart() }) ?? nil {
    mergeSubscribe(storage, inner, id: id, handler: handler)
  }
}

/// Subscribes to inner sequence `id` (outside the lock) and keeps its subscription while it runs; ends the start loop
/// this thread claimed.
@inlinable
func mergeSubscribe<Result>(
  _ storage: OperatorStorage<MergeStateMachine<Result>>, _ inner: Observable<Result>, id: UInt64,
  handler: @escaping @Sendable (Event<Result>, UInt64) -> Void
) {
  var subscription: (any Disposable)? = inner.subscribe(
    InnerSequenceObserver(handler: handler, id: id, host: storage.downstream))
  // Disposed meanwhile: nobody keeps it. Otherwise, unless kept, it completed inside `subscribe`: released here.
  if storage.withLockDeliveringNothing({ $0.subscribed(id, subscription: &subscription) }) == nil {
    subscription?.dispose()
  }
}
