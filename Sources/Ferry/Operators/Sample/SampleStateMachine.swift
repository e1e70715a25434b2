/// The state of one `sample` subscription: the source's latest element since the last sample, and whether the
/// source completed.
///
/// Each sampler tick emits the held element (or the default value, if any); after the source completed, the next
/// tick emits what is held and completes. An error from either source drops the held element.
@usableFromInline
struct SampleStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = Element

  @usableFromInline
  enum State {
    /// Sampling: the source may still emit.
    case running
    /// The source completed: the next sample emits what is held, then completes.
    case sourceCompleted
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  @usableFromInline var state = State.running
  /// The source's latest element since the last sample; always `nil` once stopped. Beside the state rather than in
  /// it so that an element replaces it in place.
  @usableFromInline var held: Element?
  /// Emitted by a sample when no element arrived since the previous one (`nil`: such a sample emits nothing).
  @usableFromInline let defaultValue: Element?

  @inlinable
  init(defaultValue: Element?) {
    self.defaultValue = defaultValue
  }

  /// The source emitted: `element` replaces the held one, which is returned, to be released after the lock.
  @inlinable
  mutating func next(_ element: Element) -> Element? {
    var replaced: Element? = element
    if case .running = state { swap(&replaced, &held) }
    return replaced
  }

  /// The source completed: the result completes at the next sample.
  @inlinable
  mutating func sourceCompleted() {
    if case .running = state { state = .sourceCompleted }
  }

  /// The sampler emitted or completed: the held element (or the default value) is emitted, followed by the
  /// completion once the source has completed.
  @inlinable
  mutating func sampled() -> HeldElementAction<Element> {
    switch state {
    case .stopped: return .ignore
    case .running:
      var sampled: Element? = nil
      swap(&sampled, &held)
      guard let element = sampled ?? defaultValue else { return .ignore }
      return .emit(element)
    case .sourceCompleted:
      state = .stopped
      var sampled: Element? = nil
      swap(&sampled, &held)
      guard let element = sampled ?? defaultValue else { return .complete }
      return .emitThenComplete(element)
    }
  }

  /// The source or the sampler failed: the held element is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> HeldElementAction<Element> {
    if case .stopped = state { return .ignore }
    state = .stopped
    var dropped: Element? = nil
    swap(&dropped, &held)
    return .fail(error, dropped: dropped)
  }

  /// Disposal: returns the held element, to be released after the lock.
  @inlinable
  mutating func close() -> Element? {
    state = .stopped
    var released: Element? = nil
    swap(&released, &held)
    return released
  }
}
