/// The observer of one inner sequence of `merge` (and its family) or `flatMapLatest`: forwards its events with its
/// id to a handler built once per subscription (a struct, so that subscribing to an inner sequence allocates no
/// closure context).
@usableFromInline
struct InnerSequenceObserver<Element>: ObserverType {
  @usableFromInline let handler: @Sendable (Event<Element>, UInt64) -> Void
  @usableFromInline let id: UInt64

  @inlinable
  init(handler: @escaping @Sendable (Event<Element>, UInt64) -> Void, id: UInt64) {
    self.handler = handler
    self.id = id
  }

  @usableFromInline func on(_ event: Event<Element>) { handler(event, id) }
}
