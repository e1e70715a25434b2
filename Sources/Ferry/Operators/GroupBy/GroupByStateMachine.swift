/// The state of one `groupBy` subscription: the open groups by key, each a subject its subscribers share.
///
/// The key selector is user code, so it runs before the transition; the machine only decides which group an
/// element goes to (making the group's subject, not calling it) and, on a terminal event, hands the groups back so
/// that the caller terminates each of them before the terminal event goes downstream, as RxSwift does.
@usableFromInline
struct GroupByStateMachine<Key: Hashable, Element>: OperatorStateMachine {
  @usableFromInline typealias Output = GroupedObservable<Key, Element>

  @usableFromInline
  enum State {
    /// Forwarding; `groups` are the subjects of the keys seen so far.
    case running(groups: [Key: PublishSubject<Element>])
    /// The groups are being sent `event`; the downstream gets it next.
    case terminating(Event<Output>)
    /// Terminated: every input is ignored.
    case stopped
  }

  /// What to do with one element.
  @usableFromInline
  enum NextAction: OperatorAction {
    /// A new key: deliver its group downstream, then send the element to `subject`.
    case open(GroupedObservable<Key, Element>, subject: PublishSubject<Element>)
    /// A known key: send the element to its group's `subject`.
    case send(to: PublishSubject<Element>)
    /// Nothing to do (stopped).
    case ignore

    /// The events this action delivers downstream.
    @inlinable @inline(__always)
    var emission: OperatorEmission<Output> {
      if case .open(let group, _) = self { return .event(.next(group)) }
      return .nothing
    }
  }

  /// What to do with a terminal event (the source's, or the key selector's error).
  @usableFromInline
  enum TerminateAction {
    /// Send `event` to each of `groups`, then call ``groupsTerminated()``.
    case terminate([PublishSubject<Element>], Event<Element>)
    /// Nothing to do (already terminating or stopped).
    case ignore
  }

  @usableFromInline var state = State.running(groups: [:])

  @inlinable
  init() {}

  /// An element whose key is `key`; `makeGroup` wraps a new group's subject for the downstream (it does not call
  /// out: it builds the observable that subscribes to the subject).
  @inlinable
  mutating func next(
    _ key: Key, makeGroup: (PublishSubject<Element>) -> GroupedObservable<Key, Element>
  ) -> NextAction {
    guard case .running(var groups) = state else { return .ignore }
    if let subject = groups[key] { return .send(to: subject) }
    let subject = PublishSubject<Element>()
    state = .stopped  // Releases the dictionary's storage so that the insertion below does not copy it.
    groups[key] = subject
    state = .running(groups: groups)
    return .open(makeGroup(subject), subject: subject)
  }

  /// The source failed, or the key selector threw.
  @inlinable
  mutating func failed(_ error: any Swift.Error) -> TerminateAction {
    terminate(.error(error), downstream: .error(error))
  }

  /// The source completed.
  @inlinable
  mutating func completed() -> TerminateAction {
    terminate(.completed, downstream: .completed)
  }

  @inlinable
  mutating func terminate(_ event: Event<Element>, downstream: Event<Output>) -> TerminateAction {
    guard case .running(let groups) = state else { return .ignore }
    state = .terminating(downstream)
    return .terminate(Array(groups.values), event)
  }

  /// Every group has been sent the terminal event: deliver it downstream.
  @inlinable
  mutating func groupsTerminated() -> OperatorEmission<Output> {
    guard case .terminating(let event) = state else {
      preconditionFailure("Internal inconsistency: groupBy's groups terminated while it was not terminating")
    }
    state = .stopped
    return .event(event)
  }

  /// Disposal: hands back the groups, released after the lock.
  @inlinable
  mutating func close() -> [Key: PublishSubject<Element>] {
    defer { state = .stopped }
    if case .running(let groups) = state { return groups }
    return [:]
  }
}
