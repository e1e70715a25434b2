/// The sink of a combining operator (`combineLatest`, `zip`) as its per-source observers see it: erased over the
/// downstream observer, typed over the operator's element storage (a tuple for the arity forms, an array for
/// collections).
protocol CombiningTarget<Storage>: AnyObject, Sendable {
  associatedtype Storage

  /// Handles one event of source `index`; `store` puts an element into the storage (see ``CombiningSlot``).
  func on<Element>(_ event: Event<Element>, index: Int, store: CombiningSlot<Storage, Element>)
}

/// Puts one source's element into the operator's storage, typed, without `Any` or casts.
///
/// `store(&storage, &element)` moves `element` in and leaves in `element` what the storage gave up (the element it
/// replaced, or `nil`), so that the caller releases it after the lock (a `deinit` may call back in).
struct CombiningSlot<Storage, Element>: Sendable {
  let store: @Sendable (inout Storage, inout Element?) -> Void
}

/// One source of a combining operator, its element type erased behind `subscribe` (only at subscription time; each
/// element then takes the typed path of ``CombiningObserver``).
struct CombiningSource<Storage>: Sendable {
  let subscribe: @Sendable (_ target: any CombiningTarget<Storage>, _ index: Int) -> any Disposable

  init<Element>(_ source: Observable<Element>, _ slot: CombiningSlot<Storage, Element>) {
    subscribe = { target, index in source.subscribe(CombiningObserver(target: target, index: index, slot: slot)) }
  }
}

/// The observer of one source of a combining operator: forwards its events, with its index and slot, to the sink.
struct CombiningObserver<Element, Storage>: ObserverType {
  let target: any CombiningTarget<Storage>
  let index: Int
  let slot: CombiningSlot<Storage, Element>

  func on(_ event: Event<Element>) { target.on(event, index: index, store: slot) }
}

/// What a combining sink decided to deliver: a combination to pass through the result selector (outside the
/// lock, on the delivering thread), or a stop event.
@usableFromInline
enum CombineItem<Values> {
  case values(Values)
  case error(any Swift.Error)
  case completed
}

extension SerializingSink {
  /// Subscribes to `sources` in order (stopping early if the sink got disposed) under one composite upstream.
  func subscribeAll<Storage>(_ sources: [CombiningSource<Storage>], target: any CombiningTarget<Storage>) {
    let subscriptions = CompositeDisposable()
    setUpstream(subscriptions)
    for (index, source) in sources.enumerated() {
      if isDisposed { return }
      subscriptions.insert(source.subscribe(target, index))
    }
  }

  /// Applies `combine` (the result selector) to a combination and forwards the result, or forwards a stop event.
  func deliverCombination<Values>(
    _ item: CombineItem<Values>, _ combine: @Sendable (Values) throws -> Observer.Element
  ) {
    switch item {
    case .values(let values):
      do {
        forwardNext(try combine(values))
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
