/// The state of one `window(timeSpan:count:scheduler:)` subscription: the current window, how many elements it has
/// received, and which time span may close it.
///
/// A window closes when it has received `count` elements or when its time span ends, whichever comes first; the next
/// one opens at once, with a time span of its own. Time spans are numbered, so that the timer of a window already
/// closed full finds nothing to close. The source's completion or error ends the current window and the result the
/// same way. Disposal ends neither: the windows only stop receiving elements.
///
/// What the machine decides are ``WindowOutput`` events, delivered in order after the lock by
/// ``deliver(_:context:to:)``: to the windows (subjects the machine creates), or downstream.
@usableFromInline
struct WindowStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = WindowOutput<Element>
  @usableFromInline typealias Result = Observable<Element>

  @usableFromInline
  enum State {
    /// `window` is open and has received `count` elements; the timer identified by `span` ends its time span.
    case open(PublishSubject<Element>, count: Int, span: UInt64)
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What to do after an element or the end of a time span.
  @usableFromInline
  enum Action: OperatorAction {
    /// Deliver the element to the current window.
    case forward(Element, to: PublishSubject<Element>)
    /// Deliver `last` (an element that filled the window, if any) to `closing`, complete it, emit `opening`, then
    /// start the time span of `opening`: the timer identified by `span`.
    case rotate(last: Element?, closing: PublishSubject<Element>, opening: PublishSubject<Element>, span: UInt64)
    /// Nothing to do: the timer of a window already closed fired, or stopped.
    case ignore

    /// The events this action delivers, in order.
    @inlinable @inline(__always)
    var emission: OperatorEmission<WindowOutput<Element>> {
      switch self {
      case .forward(let element, let window): .event(.next(.element(element, to: window)))
      case .rotate(let last?, let closing, let opening, _):
        .events(.next(.element(last, to: closing)), then: .next(.rotate(closing: closing, opening: opening)))
      case .rotate(nil, let closing, let opening, _): .event(.next(.rotate(closing: closing, opening: opening)))
      case .ignore: .nothing
      }
    }
  }

  @usableFromInline var state: State
  /// The number of elements at which a window closes before its time span ends.
  @usableFromInline let count: Int

  /// The first window's time span is the timer identified by 0, which the operator starts when it subscribes.
  @inlinable
  init(count: Int) {
    state = .open(PublishSubject(), count: 0, span: 0)
    self.count = count
  }

  /// Subscription: the first window is emitted.
  @inlinable
  mutating func start() -> OperatorEmission<WindowOutput<Element>> {
    guard case .open(let window, count: 0, span: 0) = state else {
      preconditionFailure("Internal inconsistency: window started in \(state)")
    }
    return .event(.next(.open(window)))
  }

  /// An element goes to the current window; the `count`th one closes it and opens the next.
  @inlinable
  mutating func next(_ element: Element) -> Action {
    guard case .open(let window, let received, let span) = state else { return .ignore }
    guard received + 1 == count else {
      state = .open(window, count: received + 1, span: span)
      return .forward(element, to: window)
    }
    return rotate(last: element, closing: window, span: span)
  }

  /// The time span identified by `span` ended: the current window closes if that time span is its own.
  @inlinable
  mutating func timerFired(_ span: UInt64) -> Action {
    guard case .open(let window, _, let current) = state, current == span else { return .ignore }
    return rotate(last: nil, closing: window, span: span)
  }

  /// Closes `closing` and opens the next window, with the next time span.
  @inlinable
  mutating func rotate(last: Element?, closing: PublishSubject<Element>, span: UInt64) -> Action {
    let opening = PublishSubject<Element>()
    let next = span &+ 1
    state = .open(opening, count: 0, span: next)
    return .rotate(last: last, closing: closing, opening: opening, span: next)
  }

  /// The source stopped with `event`: the current window, then the result, end the same way.
  @inlinable
  mutating func stopped(_ event: Event<Element>) -> OperatorEmission<WindowOutput<Element>> {
    guard case .open(let window, _, _) = state else { return .nothing }
    state = .stopped
    switch event {
    case .next: preconditionFailure("Internal inconsistency: window stopped by an element")
    case .error(let error): return .events(.next(.end(window, event)), then: .error(error))
    case .completed: return .events(.next(.end(window, event)), then: .completed)
    }
  }

  /// Disposal: the current window is not ended (it only stops receiving elements); returned, to be released after
  /// the lock.
  @inlinable
  mutating func close() -> PublishSubject<Element>? {
    defer { state = .stopped }
    if case .open(let window, _, _) = state { return window }
    return nil
  }

  /// Delivers one decided event after the lock: to a window, or downstream.
  @inlinable
  static func deliver(
    _ event: Event<WindowOutput<Element>>, context: Void, to downstream: any CoreDownstream<Observable<Element>>
  ) {
    switch event {
    case .next(.element(let element, let window)): window.on(.next(element))
    case .next(.open(let window)): downstream.deliverNext(.next(window.asObservable()))
    case .next(.rotate(let closing, let opening)):
      closing.on(.completed)
      downstream.deliverNext(.next(opening.asObservable()))
    case .next(.end(let window, let event)): window.on(event)
    case .error(let error): downstream.deliverError(error)
    case .completed: downstream.deliverCompleted()
    }
  }
}

/// What a `window` subscription decides to deliver, besides the result's terminal events: to a window, or a new
/// window downstream.
@usableFromInline
enum WindowOutput<Element> {
  /// Emit `window` downstream (the first one, at subscription).
  case open(PublishSubject<Element>)
  /// Deliver the element to the window.
  case element(Element, to: PublishSubject<Element>)
  /// Complete `closing`, then emit `opening` downstream.
  case rotate(closing: PublishSubject<Element>, opening: PublishSubject<Element>)
  /// End the window with the source's terminal event.
  case end(PublishSubject<Element>, Event<Element>)
}
