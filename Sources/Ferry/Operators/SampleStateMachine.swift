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
    /// Running: `held` is the source's latest element since the last sample; `sourceCompleted`: the result
    /// completes at the next sample.
    case running(held: Element?, sourceCompleted: Bool)
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  @usableFromInline var state = State.running(held: nil, sourceCompleted: false)
  /// Emitted by a sample when no element arrived since the previous one (`nil`: such a sample emits nothing).
  @usableFromInline let defaultValue: Element?

  @inlinable
  init(defaultValue: Element?) {
    self.defaultValue = defaultValue
  }

  /// The source emitted: `element` replaces the held one, which is returned, to be released after the lock.
  @inlinable
  mutating func next(_ element: Element) -> Element? {
    guard case .running(let held, let sourceCompleted) = state else { return element }
    state = .running(held: element, sourceCompleted: sourceCompleted)
    return held
  }

  /// The source completed: the result completes at the next sample.
  @inlinable
  mutating func sourceCompleted() {
    guard case .running(let held, _) = state else { return }
    state = .running(held: held, sourceCompleted: true)
  }

  /// The sampler emitted or completed: the held element (or the default value) is emitted, followed by the
  /// completion once the source has completed.
  @inlinable
  mutating func sampled() -> HeldElementAction<Element> {
    guard case .running(let held, let sourceCompleted) = state else { return .ignore }
    let element = held ?? defaultValue
    if sourceCompleted {
      state = .stopped
      return element.map { .emitThenComplete($0) } ?? .complete
    }
    state = .running(held: nil, sourceCompleted: false)
    return element.map { .emit($0) } ?? .ignore
  }

  /// The source or the sampler failed: the held element is dropped.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> HeldElementAction<Element> {
    guard case .running(let held, _) = state else { return .ignore }
    state = .stopped
    return .fail(error, dropped: held)
  }

  /// Disposal: returns the held element, to be released after the lock.
  @inlinable
  mutating func close() -> Element? {
    defer { state = .stopped }
    if case .running(let held, _) = state { return held }
    return nil
  }
}
