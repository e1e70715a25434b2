import Ferry
import Foundation

/// A sequence whose results are awaited by blocking the calling thread. Create it with `toBlocking()`.
public struct BlockingObservable<Element>: Sendable {
  let timeout: TimeInterval?
  let source: Observable<Element>

  /// The first element, or `nil` if the sequence completes empty; rethrows the sequence's error. Disposes the
  /// subscription after the first element.
  public func first() throws -> Element? {
    let result = try run(stopAfter: 1)
    if let error = result.error, result.elements.isEmpty { throw error }
    return result.elements.first
  }

  /// The last element, or `nil` if the sequence completes empty; rethrows the sequence's error.
  public func last() throws -> Element? {
    let result = try run(stopAfter: nil)
    if let error = result.error { throw error }
    return result.elements.last
  }

  /// Every element, once the sequence completes; rethrows the sequence's error.
  public func toArray() throws -> [Element] {
    let result = try run(stopAfter: nil)
    if let error = result.error { throw error }
    return result.elements
  }

  /// The only element; throws `RxError.noElements` if the sequence completes empty and
  /// `RxError.moreThanOneElement` as soon as a second element arrives (then disposes the subscription).
  public func single() throws -> Element {
    try single { _ in true }
  }

  /// The only element that satisfies `predicate`; throws `RxError.noElements` if none does and
  /// `RxError.moreThanOneElement` as soon as a second one arrives. `predicate` is not called again once the result
  /// is decided (a second match, or an error it throws).
  @preconcurrency
  public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) throws -> Element {
    let result = try run(stopAfter: 2, filter: predicate)
    if result.elements.count > 1 { throw RxError.moreThanOneElement }
    if let error = result.error { throw error }
    guard let element = result.elements.first else { throw RxError.noElements }
    return element
  }

  /// The elements and how the sequence ended; never throws (as RxBlocking): a timeout ends it as
  /// `.failed(elements:error:)` with the elements received so far and `RxError.timeout`.
  public func materialize() -> MaterializedSequenceResult<Element> {
    let (finished, result) = collect(stopAfter: nil, filter: nil)
    if !finished { return .failed(elements: result.elements, error: RxError.timeout) }
    if let error = result.error { return .failed(elements: result.elements, error: error) }
    return .completed(elements: result.elements)
  }

  private func run(
    stopAfter limit: Int?,
    filter: (@Sendable (Element) throws -> Bool)? = nil
  ) throws -> (elements: [Element], error: (any Swift.Error)?) {
    let (finished, result) = collect(stopAfter: limit, filter: filter)
    guard finished else { throw RxError.timeout }
    return result
  }

  /// Subscribes, waits until done or timed out, disposes; returns whether it finished and what was collected.
  private func collect(
    stopAfter limit: Int?,
    filter: (@Sendable (Element) throws -> Bool)?
  ) -> (finished: Bool, result: (elements: [Element], error: (any Swift.Error)?)) {
    let collector = BlockingCollector<Element>(limit: limit, filter: filter)
    let subscription = source.subscribe(collector)
    let finished = collector.wait(timeout: timeout)
    subscription.dispose()
    return (finished, collector.result)
  }
}

/// Collects events until a stop event, `limit` elements or an error thrown by `filter`, and wakes the blocked
/// thread.
private final class BlockingCollector<Element>: ObserverType, @unchecked Sendable {
  // @unchecked Sendable: all state is guarded by `condition`.
  private let condition = NSCondition()
  private let limit: Int?
  private let filter: (@Sendable (Element) throws -> Bool)?
  private var elements: [Element] = []
  private var error: (any Swift.Error)?
  private var isDone = false

  init(limit: Int?, filter: (@Sendable (Element) throws -> Bool)?) {
    self.limit = limit
    self.filter = filter
  }

  func on(_ event: Event<Element>) {
    var event = event
    if case .next(let element) = event, let filter {
      // Once the result is decided, later elements are not shown to the predicate (as RxBlocking, which stops at
      // once). The predicate is user code: run it outside the lock.
      guard !isFinished else { return }
      do {
        if try !filter(element) { return }
      } catch {
        event = .error(error)
      }
    }
    condition.lock()
    defer { condition.unlock() }
    guard !isDone else { return }
    switch event {
    case .next(let element):
      elements.append(element)
      if let limit, elements.count >= limit { isDone = true }
    case .error(let error):
      self.error = error
      isDone = true
    case .completed:
      isDone = true
    }
    if isDone { condition.broadcast() }
  }

  /// Waits until done; returns `false` if `timeout` passed first.
  ///
  /// On the main thread it runs the main run loop while it waits (as RxBlocking does), so that work the
  /// sequence schedules on the main queue (`MainScheduler`, `Driver`, `Signal`) can run. (On Linux under
  /// `swift test` the main actor is served by a worker thread, where this is not possible.)
  func wait(timeout: TimeInterval?) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    if Thread.isMainThread {
      return runRunLoop(until: deadline)
    }
    condition.lock()
    defer { condition.unlock() }
    while !isDone {
      if let deadline {
        if !condition.wait(until: deadline) && !isDone { return false }
      } else {
        condition.wait()
      }
    }
    return true
  }

  private var isFinished: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isDone
  }

  /// Runs the main run loop in short slices until done or `deadline`.
  private func runRunLoop(until deadline: Date?) -> Bool {
    while !isFinished {
      let slice = Date(timeIntervalSinceNow: 0.01)
      if let deadline, deadline <= Date() { return isFinished }
      _ = RunLoop.main.run(mode: .default, before: deadline.map { min($0, slice) } ?? slice)
    }
    return true
  }

  var result: (elements: [Element], error: (any Swift.Error)?) {
    condition.lock()
    defer { condition.unlock() }
    return (elements, error)
  }
}
