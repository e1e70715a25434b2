/// The observer of one inner sequence of `merge` (and its family) or `flatMapLatest`: forwards its events with its
/// id to a handler built once per subscription (a struct, so that subscribing to an inner sequence allocates no
/// closure context), and, like ``CoreSourceObserver``, tells an inner source that loops inside `subscribe` when the
/// operator's downstream has stopped.
@usableFromInline
struct InnerSequenceObserver<Element>: ObserverType {
  @usableFromInline let handler: @Sendable (Event<Element>, UInt64) -> Void
  @usableFromInline let id: UInt64
  /// The operator's downstream end (its storage's `downstream`). Not retained, so that copying the observer costs
  /// what it did without it: `handler` captures the storage, which holds `host` strongly, so `host` lives as long as
  /// any copy of this observer.
  @usableFromInline unowned(unsafe) let host: any DownstreamDisposalQuery

  @inlinable
  init(handler: @escaping @Sendable (Event<Element>, UInt64) -> Void, id: UInt64, host: any DownstreamDisposalQuery) {
    self.handler = handler
    self.id = id
    self.host = host
  }

  @usableFromInline func on(_ event: Event<Element>) { handler(event, id) }

  /// Whether the operator's subscription, or an observer below it, stopped.
  @usableFromInline var _isDownstreamDisposed: Bool { host.isDownstreamDisposed }
}
