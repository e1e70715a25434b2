extension Observable {
  /// Creates an observable whose elements are produced by an async closure: one `Task` per subscription.
  ///
  /// ```swift
  /// let pages = Observable<Page>.createAsync { sender in
  ///   var cursor: Cursor? = nil
  ///   repeat {
  ///     let page = try await api.page(after: cursor)
  ///     try await sender.send(page)  // returns once the observer has handled `page`
  ///     cursor = page.next
  ///   } while cursor != nil
  /// }
  /// ```
  ///
  /// - Each subscription starts a task (with `priority`) that runs `body`; the task does not run on the
  ///   subscriber's actor (it prefers the executor ``BridgeTasks`` names, if any).
  /// - `sender.send(_:)` delivers the element to the observer and returns after the observer's `onNext` returned:
  ///   the producer never runs ahead of its consumer (back-pressure). It throws `CancellationError` once the
  ///   subscription is disposed (also when the observer disposed it from inside `onNext`).
  /// - `body` returning completes the sequence; `body` throwing terminates it with the error.
  /// - Disposing the subscription cancels the task; whatever `body` does after that (including throwing
  ///   `CancellationError`) emits nothing.
  @preconcurrency
  public static func createAsync(
    priority: TaskPriority? = nil,
    _ body: @escaping @Sendable (AsyncSender<Element>) async throws -> Void
  ) -> Observable<Element> {
    TaskProducerObservable(priority: priority, body: body)
  }
}

/// The handle an async producer (``Observable/createAsync(priority:_:)``, `asObservable()` of an
/// `AsyncSequence`) uses to send elements to its subscriber.
public struct AsyncSender<Element>: Sendable {
  @usableFromInline let target: any AsyncSenderTarget<Element>

  init(target: any AsyncSenderTarget<Element>) { self.target = target }

  /// Delivers `element` to the observer; returns once the observer has handled it.
  ///
  /// - Throws: `CancellationError` if the subscription is disposed (before or while `element` is delivered):
  ///   stop producing.
  @inlinable
  public func send(_ element: Element) async throws {
    // The event is built here, in the caller's specialised code: the sink that forwards it is generic code that
    // would look up `Event<Element>`'s metadata on every element to build it.
    guard target.sendNext(.next(element)) else { throw CancellationError() }
  }

  /// Whether the subscription was disposed: nothing more will be delivered.
  public var isDisposed: Bool { target.isDisposed }
}

/// What an ``AsyncSender`` delivers to.
@usableFromInline
protocol AsyncSenderTarget<Element>: AnyObject, Sendable {
  associatedtype Element
  /// Delivers `next` (always a `.next` event) unless disposed; returns whether the subscription is still live
  /// afterwards.
  func sendNext(_ next: Event<Element>) -> Bool
  var isDisposed: Bool { get }
}

final class TaskProducerObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let priority: TaskPriority?
  let body: @Sendable (AsyncSender<Element>) async throws -> Void

  init(priority: TaskPriority?, body: @escaping @Sendable (AsyncSender<Element>) async throws -> Void) {
    self.priority = priority
    self.body = body
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TaskProducerSink(observer: observer)
    let body = self.body
    let task = startBridgeTask(priority: priority) { [sink] in
      do {
        try await body(AsyncSender(target: sink))
        sink.forwardCompleted()
      } catch {
        // After disposal (which cancelled this task) `forwardError` delivers nothing.
        sink.forwardError(error)
      }
    }
    // Disposing the sink disposes this, which cancels the task; if the task already finished, nothing happens.
    sink.setUpstream(TaskDisposable(task))
    return sink
  }
}

/// The sink of an async producer: the producer task is its only caller, so events are serialised by the task.
final class TaskProducerSink<Observer: ObserverType>: Sink<Observer>, AsyncSenderTarget, @unchecked Sendable {
  // @unchecked Sendable: no state besides ``Sink``'s; events come from one task, one at a time.
  func sendNext(_ next: Event<Observer.Element>) -> Bool {
    // `forwardNext` without rebuilding the event.
    if isDisposed { return false }
    observer.on(next)
    return !isDisposed
  }
}
