/// An observer of one of several sources that forwards its events, tagged, to a shared handler. (`on(_:)` passes
/// the event through by address, so it needs no metadata of `Event<Element>`; a handler built in inlinable code is
/// specialised in the client.)
@usableFromInline
struct TaggedObserver<Element>: ObserverType {
  @usableFromInline let handler: @Sendable (Event<Element>) -> Void

  @inlinable init(_ handler: @escaping @Sendable (Event<Element>) -> Void) { self.handler = handler }

  @usableFromInline func on(_ event: Event<Element>) { handler(event) }
}
