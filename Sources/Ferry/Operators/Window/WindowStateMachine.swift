/// The state of one `window(timeSpan:count:scheduler:)` subscription: how many elements the current window has
/// received, and which time span may close it.
///
/// A window closes when it has received `count` elements or when its time span ends, whichever comes first; the next
/// one opens at once, with a time span of its own. Time spans are numbered, so that the timer of a window already
/// closed full finds nothing to close. The source's completion or error ends the current window and the result the
/// same way. Disposal ends neither: the windows only stop receiving elements.
///
/// The machine also keeps the current time span's timer (``timerStarted(_:_:)``): the next time span is started from
/// the source's thread (a full window) and from the timer's (a time span's end), so two threads may each hand over a
/// timer; only the one for the current span is kept, whichever arrives last, and any other is disposed.
///
/// The machine decides ``WindowOutput`` events — an element for the current window, or the next window — and the
/// result's terminal events; ``deliver(_:context:to:)`` carries them out after the lock, in the one order the storage's
/// queue keeps, on the windows it creates (``WindowContext``).
@usableFromInline
struct WindowStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = WindowOutput<Element>
  @usableFromInline typealias Result = Observable<Element>
  @usableFromInline typealias DeliveryContext = WindowContext<Element>

  @usableFromInline
  enum State {
    /// The current window has received `count` elements; the timer identified by `span` ends its time span.
    case open(count: Int, span: UInt64)
    /// A terminal event was decided, or the subscription was disposed: every input is ignored.
    case stopped
  }

  /// What an element or the end of a time span delivers, and the time span to start after the lock if a window
  /// opened: the number of its timer.
  @usableFromInline typealias Step = (OperatorEmission<WindowOutput<Element>>, then: UInt64?)

  @usableFromInline var state = State.open(count: 0, span: 0)
  /// The timer of the current time span, once scheduled (a separate property, so that the per-element transitions do
  /// not copy it).
  @usableFromInline var timer: (any Disposable)?
  /// The number of elements at which a window closes before its time span ends.
  @usableFromInline let count: Int

  /// The first window's time span is the timer identified by 0, which the operator starts when it subscribes.
  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// Subscription: the first window opens.
  @inlinable
  mutating func start() -> OperatorEmission<WindowOutput<Element>> {
    guard case .open(count: 0, span: 0) = state else {
      preconditionFailure("Internal inconsistency: window started in \(state)")
    }
    return .event(.next(.nextWindow))
  }

  /// An element goes to the current window; the `count`th one closes it and opens the next.
  @inlinable
  mutating func next(_ element: Element) -> Step {
    guard case .open(let received, let span) = state else { return (.nothing, then: nil) }
    guard received + 1 == count else {
      state = .open(count: received + 1, span: span)
      return (.event(.next(.element(element))), then: nil)
    }
    return (.events(.next(.element(element)), then: .next(.nextWindow)), then: rotate(span: span))
  }

  /// The time span identified by `span` ended: the current window closes if that time span is its own.
  @inlinable
  mutating func timerFired(_ span: UInt64) -> Step {
    guard case .open(_, let current) = state, current == span else { return (.nothing, then: nil) }
    return (.event(.next(.nextWindow)), then: rotate(span: span))
  }

  /// The timer of the time span identified by `span` was scheduled. Returns the timer to dispose after the lock: the
  /// one it replaces (an earlier span's) when `span` is the current one, or itself when that span already closed or
  /// the machine stopped (it would find nothing to close); `nil` when there is nothing to dispose.
  @inlinable
  mutating func timerStarted(_ span: UInt64, _ started: any Disposable) -> (any Disposable)? {
    guard case .open(_, let current) = state, current == span else { return started }
    defer { timer = started }
    return timer
  }

  /// Starts counting the next window; returns the number of its time span's timer.
  @inlinable
  mutating func rotate(span: UInt64) -> UInt64 {
    let next = span &+ 1
    state = .open(count: 0, span: next)
    return next
  }

  /// The source stopped with `event`: the current window, then the result, end the same way.
  @inlinable
  mutating func stopped(_ event: Event<Element>) -> OperatorEmission<WindowOutput<Element>> {
    guard case .open = state else { return .nothing }
    state = .stopped
    switch event {
    case .next: preconditionFailure("Internal inconsistency: window stopped by an element")
    case .error(let error): return .event(.error(error))
    case .completed: return .event(.completed)
    }
  }

  /// Disposal: nothing is ended (the windows only stop receiving elements); returns the current timer, to be
  /// disposed after the lock.
  @inlinable
  mutating func close() -> (any Disposable)? {
    state = .stopped
    defer { timer = nil }
    return timer
  }

  /// After the lock: disposes the timer that ``close()`` handed back.
  @inlinable
  static func finish(_ timer: (any Disposable)?) {
    timer?.dispose()
  }

  /// Carries out one decided event after the lock: an element goes to the current window; the next window
  /// completes the current one and is emitted; a terminal event ends the current window, then the result.
  @inlinable
  static func deliver(
    _ event: Event<WindowOutput<Element>>, context windows: WindowContext<Element>,
    to downstream: any CoreDownstream<Observable<Element>>
  ) {
    switch event {
    case .next(.element(let element)): windows.current?.on(.next(element))
    case .next(.nextWindow):
      let opening = PublishSubject<Element>()
      windows.current?.on(.completed)
      windows.current = opening
      downstream.deliverNext(.next(opening.asObservable()))
    case .error(let error):
      windows.current?.on(.error(error))
      downstream.deliverError(error)
    case .completed:
      windows.current?.on(.completed)
      downstream.deliverCompleted()
    }
  }
}

/// What a `window` subscription decides besides the result's terminal events.
@usableFromInline
enum WindowOutput<Element> {
  /// Deliver the element to the current window.
  case element(Element)
  /// Complete the current window, then open the next and emit it.
  case nextWindow
}

/// What one `window` subscription uses outside the lock: the current window, on the delivery side, and what it needs
/// to start a time span's timer.
@usableFromInline
final class WindowContext<Element>: @unchecked Sendable {
  // @unchecked Sendable: `current` is touched only by `WindowStateMachine.deliver`, which the storage's serial
  // delivery runs on one thread at a time (the emitter role); the rest is immutable.
  // `@exclusivity(unchecked)`: the emitter role already makes every access exclusive.
  /// The window that receives elements; `nil` only until the first one opens, which is delivered at subscription,
  /// before the source is subscribed, so before any element or terminal event.
  @usableFromInline @exclusivity(unchecked) final var current: PublishSubject<Element>?
  @usableFromInline final let timeSpan: RxTimeInterval
  @usableFromInline final let scheduler: any SchedulerType

  @inlinable
  init(timeSpan: RxTimeInterval, scheduler: any SchedulerType) {
    self.timeSpan = timeSpan
    self.scheduler = scheduler
  }
}

extension OperatorStorage {
  /// Starts the time span identified by `span`: when it ends, the window closes (unless it already closed full) and
  /// the next time span starts. (A method, so that the scheduled closure captures the storage alone and allocates
  /// no context.) The machine keeps the timer and says which to dispose; once disposed, the storage runs no
  /// transition and the new timer is disposed here.
  @inlinable
  func startWindowTimer<Element>(_ span: UInt64) where Machine == WindowStateMachine<Element> {
    let timer = context.scheduler.scheduleTimer(span, after: context.timeSpan) { [self] span in
      if case let next?? = deliver({ $0.timerFired(span) }) { startWindowTimer(next) }
      return Disposables.create()
    }
    (withLockDeliveringNothing { $0.timerStarted(span, timer) } ?? timer)?.dispose()
  }
}
