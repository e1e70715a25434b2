/// What an operator's event step — a closure built by the operator's inlinable entry point, so specialised in the
/// client — decided for one upstream event; the generic sink acts on it.
///
/// Why: in Ferry's generic (unspecialised) code every switch on, or construction of, an `Event<Element>` looks up
/// that type's metadata at run time (about 325 instructions each). A step closure does the event work
/// where the element type is concrete, and the sink only passes events through by address and switches on this
/// non-generic enum.
@usableFromInline
enum EventStep {
  /// Nothing more to do: the step consumed the event (delivered what it made of it, or dropped it).
  case consumed
  /// Forward the upstream `.next` event unchanged (same element type up- and downstream).
  case forwardNext
  /// Terminate with `error` (from upstream, or thrown by the operator's closure).
  case error(any Swift.Error)
  /// Terminate with `.completed`.
  case completed
}

/// The step of an operator that passes every event on unchanged (`observe(on:)`): `.next` is forwarded by address.
@inlinable
func passThroughStep<Element>(_ event: Event<Element>) -> EventStep {
  switch event {
  case .next: return .forwardNext
  case .error(let error): return .error(error)
  case .completed: return .completed
  }
}
