/// The time spans of `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)`: a span ends when
/// it has received `count` elements or when its timer fires, whichever comes first, and the next starts at once,
/// with a timer of its own.
///
/// Spans are numbered, so that the timer of a span already ended by its count finds nothing to end. The current
/// span's timer is kept here: the next span is started from the source's thread (a span ended by its count) and from
/// the timer's (a span's end), so two threads may each hand over a timer, and only the one for the current span is
/// kept, whichever arrives last (``timerStarted(_:_:)``). A value type inside the operators' state machines, under
/// their storage's lock.
@usableFromInline
struct CountOrTimeSpan {
  /// The number of elements that ends a span before its timer fires.
  @usableFromInline let count: Int
  /// The number of the current span; its timer is started with this number.
  @usableFromInline var span: UInt64 = 0
  /// How many elements the current span has received.
  @usableFromInline var received = 0
  /// The current span's timer, once handed over (the per-element path does not touch it).
  @usableFromInline var timer: (any Disposable)?

  /// The first span is number 0, whose timer the operator starts when it subscribes.
  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// An element arrived in the current span. Returns the number of the next span when it was the `count`th (the
  /// current span ended; the caller starts the next one's timer), `nil` otherwise.
  @inlinable @inline(__always)
  mutating func elementReceived() -> UInt64? {
    received += 1
    guard received == count else { return nil }
    return next()
  }

  /// The timer of span `ended` fired. Returns the number of the next span when `ended` was the current one, `nil`
  /// when that span had already ended by its count.
  @inlinable
  mutating func timerFired(_ ended: UInt64) -> UInt64? {
    guard ended == span else { return nil }
    return next()
  }

  /// Ends the current span: the next one starts with nothing received.
  @inlinable
  mutating func next() -> UInt64 {
    span &+= 1
    received = 0
    return span
  }

  /// The timer of span `started` was scheduled. Returns the timer to dispose after the lock: the one it replaces (an
  /// earlier span's) when `started` is the current span, or itself when that span has already ended (it would end
  /// nothing); `nil` when there is nothing to dispose. A stopped machine does not call this: it disposes the timer.
  @inlinable
  mutating func timerStarted(_ started: UInt64, _ timer: any Disposable) -> (any Disposable)? {
    guard started == span else { return timer }
    defer { self.timer = timer }
    return self.timer
  }

  /// Disposal: hands back the current timer, to be disposed after the lock (once).
  @inlinable
  mutating func takeTimer() -> (any Disposable)? {
    defer { timer = nil }
    return timer
  }
}
