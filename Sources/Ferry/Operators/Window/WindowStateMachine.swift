/// The state of one `window(timeSpan:count:scheduler:)` subscription: whether it is open, and the current window's
/// time span (``CountOrTimeSpan``).
///
/// A window closes when its time span ends, by its count or its timer, whichever comes first; the next one opens at
/// once, with the next time span. The source's completion or error ends the current window and the result the same
/// way. Disposal ends neither: the windows only stop receiving elements.
///
/// The machine decides ``WindowOutput`` events — an element for the current window, or the next window — and the
/// result's terminal events; ``deliver(_:context:to:)`` carries them out after the lock, in the one order the storage's
/// queue keeps, on the windows it creates (``WindowContext``).
@usableFromInline
struct WindowStateMachine<Element>: OperatorStateMachine {
  @usableFromInline typealias Output = WindowOutput<Element>
  @usableFromInline typealias Result = Observable<Element>
  @usableFromInline typealias DeliveryContext = WindowContext<Element>

  /// What an element or the end of a time span delivers, and the time span to start after the lock if a window
  /// opened: the number of its timer.
  @usableFromInline typealias Step = (OperatorEmission<WindowOutput<Element>>, then: UInt64?)

  /// A terminal event was decided, or the subscription was disposed: every input is ignored.
  @usableFromInline var isStopped = false
  /// The current window's time span: its number, how many elements it has received, its timer.
  @usableFromInline var spans: CountOrTimeSpan

  /// The first window's time span is the timer identified by 0, which the operator starts when it subscribes.
  @inlinable
  init(count: Int) {
    spans = CountOrTimeSpan(count: count)
  }

  /// Subscription: the first window opens.
  @inlinable
  mutating func start() -> OperatorEmission<WindowOutput<Element>> {
    guard !isStopped, spans.span == 0, spans.received == 0 else {
      preconditionFailure("Internal inconsistency: window started when stopped: \(isStopped), in \(spans)")
    }
    return .event(.next(.nextWindow))
  }

  /// An element goes to the current window; the `count`th one closes it and opens the next.
  @inlinable
  mutating func next(_ element: Element) -> Step {
    guard !isStopped else { return (.nothing, then: nil) }
    guard let next = spans.elementReceived() else { return (.event(.next(.element(element))), then: nil) }
    return (.events(.next(.element(element)), then: .next(.nextWindow)), then: next)
  }

  /// The time span identified by `span` ended: the current window closes if that time span is its own.
  @inlinable
  mutating func timerFired(_ span: UInt64) -> Step {
    guard !isStopped, let next = spans.timerFired(span) else { return (.nothing, then: nil) }
    return (.event(.next(.nextWindow)), then: next)
  }

  /// The timer of the time span identified by `span` was scheduled. Returns the timer to dispose after the lock
  /// (``CountOrTimeSpan/timerStarted(_:_:)``); once stopped, the new timer itself.
  @inlinable
  mutating func timerStarted(_ span: UInt64, _ timer: any Disposable) -> (any Disposable)? {
    guard !isStopped else { return timer }
    return spans.timerStarted(span, timer)
  }

  /// The source stopped with `event`: the current window, then the result, end the same way.
  @inlinable
  mutating func stopped(_ event: Event<Element>) -> OperatorEmission<WindowOutput<Element>> {
    guard !isStopped else { return .nothing }
    isStopped = true
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
    isStopped = true
    return spans.takeTimer()
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
