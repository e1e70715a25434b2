/// How the `values` bridge buffers elements that arrive while the consumer is busy.
///
/// The buffer lives between the source (which pushes) and the `for await` loop (which pulls). Elements that are
/// already buffered are handed out without suspending.
public enum ValuesBufferingPolicy: Sendable, Equatable {
  /// Keep every element: lossless, and memory grows as long as the consumer lags behind. The default.
  case unbounded
  /// Keep at most the `n` most recent elements: when the buffer is full, the oldest buffered element is dropped
  /// to make room for the arriving one. `n` must be at least 1. `bufferingNewest(1)` always ends on the latest
  /// value, which makes it the natural policy for state (a `BehaviorRelay`).
  case bufferingNewest(Int)
  /// Keep at most the `n` oldest unconsumed elements: when the buffer is full, the arriving element is dropped.
  /// `n` must be at least 1.
  case bufferingOldest(Int)

  /// `self`, after checking that a bounded policy keeps at least one element; `api` names the call in the message.
  func limit(for api: StaticString = "values(bufferingPolicy:)") -> ValuesBufferingPolicy {
    switch self {
    case .unbounded:
      break
    case .bufferingNewest(let count):
      requireArgument(count >= 1, "\(api): bufferingNewest(_:) needs a count >= 1, got \(count)")
    case .bufferingOldest(let count):
      requireArgument(count >= 1, "\(api): bufferingOldest(_:) needs a count >= 1, got \(count)")
    }
    return self
  }
}

extension FIFOBuffer {
  /// Appends `element` as `policy` allows and returns the element the policy dropped, if any — the oldest buffered
  /// one (`bufferingNewest`) or `element` itself (`bufferingOldest`) — for the caller to release after its lock.
  @inlinable
  mutating func append(_ element: Element, bufferingPolicy policy: ValuesBufferingPolicy) -> Element? {
    switch policy {
    case .unbounded:
      append(element)
      return nil
    case .bufferingNewest(let capacity):
      let dropped = count < capacity ? nil : popFirst()
      append(element)
      return dropped
    case .bufferingOldest(let capacity):
      guard count < capacity else { return element }
      append(element)
      return nil
    }
  }
}

/// The elements of an observable as an `AsyncSequence` that can fail (`Failure == any Error`).
///
/// Obtained with ``ObservableType/values`` or ``ObservableType/values(bufferingPolicy:)``.
///
/// - Each iterator is its own subscription, made on the iterator's first `next()` (reading `.values` or calling
///   `makeAsyncIterator()` subscribes to nothing).
/// - Leaving the loop (`break`, `return`, a thrown error) or dropping the iterator disposes the subscription at
///   once.
/// - Cancelling the consuming task before the source terminated disposes the subscription and ends the loop by
///   **throwing `CancellationError`**, as RxSwift's `values` does: a suspended `next()` throws at once, and a later
///   `next()` throws without handing out buffered elements; after that, `next()` returns `nil`. A task that is
///   already cancelled when iteration starts still subscribes, as a trait's `value` does, so that a source that
///   terminates inside `subscribe` gives its outcome; any other is disposed at once.
/// - Once the source has terminated, cancelling changes nothing: the buffered elements, then its completion (`nil`)
///   or its error, are handed out.
/// - The source's error is thrown by `next()` after every element buffered before it; completion returns `nil`.
public struct ObservableValues<Element: Sendable>: AsyncSequence, Sendable {
  /// The error type: any error the source fails with.
  public typealias Failure = any Swift.Error
  /// The buffering policy type.
  public typealias BufferingPolicy = ValuesBufferingPolicy

  let source: Observable<Element>
  let limit: ValuesBufferingPolicy

  init(source: Observable<Element>, policy: ValuesBufferingPolicy) {
    self.source = source
    self.limit = policy.limit()
  }

  /// Creates an iterator; it subscribes on its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(core: ValuesIteratorCore(source: source, limit: limit))
  }

  /// The iterator of ``ObservableValues``: one subscription, owned by one consumer.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error type: any error the source fails with.
    public typealias Failure = any Swift.Error

    @usableFromInline var core: ValuesIteratorCore<Element>

    init(core: ValuesIteratorCore<Element>) {
      self.core = core
    }

    /// The next element; `nil` after completion; throws the source's error, or `CancellationError` when the task
    /// is cancelled before the source terminated.
    @inlinable
    public mutating func next() async throws -> Element? {
      try await core.pull(isolation: nil).get()
    }

    /// The next element, running on `actor`; `nil` after completion; throws the source's error, or
    /// `CancellationError` when the task is cancelled before the source terminated.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Swift.Error) -> Element? {
      try await core.pull(isolation: actor).get()
    }
  }
}

@available(*, unavailable)
extension ObservableValues.Iterator: Sendable {}

/// The elements of a sequence that cannot fail (a relay, `Infallible`, `Driver`, `Signal`) as an `AsyncSequence`
/// with `Failure == Never`: consume it with `for await`.
///
/// Same subscription, buffering and cancellation rules as ``ObservableValues``, except that cancelling the task
/// before the source terminated ends the loop with `nil` instead of throwing (nothing can be thrown).
public struct InfallibleValues<Element: Sendable>: AsyncSequence, Sendable {
  /// Never fails.
  public typealias Failure = Never
  /// The buffering policy type.
  public typealias BufferingPolicy = ValuesBufferingPolicy

  let source: Observable<Element>
  let limit: ValuesBufferingPolicy

  init(source: Observable<Element>, policy: ValuesBufferingPolicy) {
    self.source = source
    self.limit = policy.limit()
  }

  /// Creates an iterator; it subscribes on its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(core: ValuesIteratorCore(source: source, limit: limit))
  }

  /// The iterator of ``InfallibleValues``: one subscription, owned by one consumer.
  public struct Iterator: AsyncIteratorProtocol {
    /// Never fails.
    public typealias Failure = Never

    @usableFromInline var core: ValuesIteratorCore<Element>

    init(core: ValuesIteratorCore<Element>) { self.core = core }

    /// The next element; `nil` after completion, or once the task is cancelled before the source terminated.
    @inlinable
    public mutating func next() async -> Element? {
      await core.pull(isolation: nil).value
    }

    /// The next element, running on `actor`; `nil` after completion, or once the task is cancelled before the
    /// source terminated.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await core.pull(isolation: actor).value
    }
  }
}

@available(*, unavailable)
extension InfallibleValues.Iterator: Sendable {}

extension ValuesResult {
  /// The element, `nil` at the end; throws a failure, and `CancellationError` for a cancellation.
  @inlinable
  func get() throws -> Element? {
    switch self {
    case .element(let element): return element
    case .end: return nil
    case .failure(let error): throw error
    case .cancelled: throw CancellationError()
    }
  }

  /// The element, `nil` at the end, on a cancellation, or on a failure (which an infallible source cannot
  /// produce).
  @inlinable
  var value: Element? {
    if case .element(let element) = self { return element }
    return nil
  }
}

/// Releases a `values` subscription when the iterator that owns it is dropped.
@usableFromInline
final class ValuesIteratorContext<Element: Sendable> {
  @usableFromInline let storage: ValuesStorage<Element>

  @usableFromInline
  init(storage: ValuesStorage<Element>) { self.storage = storage }

  deinit { storage.release() }
}

/// The iteration logic shared by both iterators.
///
/// Inlinable so that client code specialises it for its element type: the storage it creates, whose `on` receives
/// every element, then runs specialised code too (see ``ValuesStorage``).
@usableFromInline
struct ValuesIteratorCore<Element: Sendable> {
  @usableFromInline let source: Observable<Element>
  @usableFromInline let limit: ValuesBufferingPolicy
  @usableFromInline var context: ValuesIteratorContext<Element>?
  /// Elements taken from the shared buffer in one batch (unbounded policy only); consumed without locking.
  @usableFromInline var local = FIFOBuffer<Element>()

  init(source: Observable<Element>, limit: ValuesBufferingPolicy) {
    self.source = source
    self.limit = limit
  }

  @inlinable
  mutating func pull(isolation actor: isolated (any Actor)?) async -> ValuesResult<Element> {
    // In a cancelled task the slow path decides: a live subscription ends, a terminated source is drained.
    if !local.isEmpty, !Task.isCancelled { return .element(local.popFirst()!) }
    return await pullSlow(isolation: actor)
  }

  @inlinable
  mutating func pullSlow(isolation actor: isolated (any Actor)?) async -> ValuesResult<Element> {
    // A task cancelled before the first pull still subscribes (as a trait's `value`): a source that terminates
    // inside `subscribe` gives its outcome; any other is disposed at once by the cancellation below.
    let storage = context?.storage ?? subscribe()
    // Cancelling a live subscription drops what was batched; the state machine then hands out `.cancelled`.
    if Task.isCancelled, storage.cancel() { dropBatch() }
    if let element = local.popFirst() { return .element(element) }
    switch storage.next(batchInto: &local, batch: limit == .unbounded) {
    case .element(let element): return .element(element)
    case .result(let result): return result
    case .suspend: return await storage.wait(isolation: actor)
    }
  }

  /// Releases the elements batched before a cancellation, which the consumer no longer gets.
  @usableFromInline
  mutating func dropBatch() { local.removeAll() }

  @inlinable
  mutating func subscribe() -> ValuesStorage<Element> {
    let storage = ValuesStorage<Element>(limit: limit)
    context = ValuesIteratorContext(storage: storage)
    // Through a closure formed here, not `subscribe(storage)`: the source calls an observer through its
    // conformance, whose witness is Ferry's unspecialised `on`; this closure's body is the client's specialised
    // one.
    storage.subscribed(source.subscribe(AnyObserver(eventHandler: { [storage] in storage.on($0) })))
    return storage
  }
}

extension ObservableType where Element: Sendable {
  /// The elements as an `AsyncSequence` (unbounded buffer, lossless): `for try await x in observable.values`.
  ///
  /// Subscribes when iteration starts; each iterator is its own subscription. Leaving the loop or cancelling the
  /// task disposes the subscription at once; a cancellation before the source terminated throws
  /// `CancellationError`, as in RxSwift. See ``ObservableValues``.
  public var values: ObservableValues<Element> {
    ObservableValues(source: asObservable(), policy: .unbounded)
  }

  /// The elements as an `AsyncSequence` buffered with `bufferingPolicy`.
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func values(bufferingPolicy: ValuesBufferingPolicy) -> ObservableValues<Element> {
    ObservableValues(source: asObservable(), policy: bufferingPolicy)
  }
}

extension PublishRelay where Element: Sendable {
  /// The accepted elements as a non-throwing `AsyncSequence` (unbounded buffer): `for await x in relay.values`.
  ///
  /// Only elements accepted after iteration starts are seen. See ``InfallibleValues``.
  public var values: InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: .unbounded)
  }

  /// The accepted elements as a non-throwing `AsyncSequence` buffered with `bufferingPolicy`.
  public func values(bufferingPolicy: ValuesBufferingPolicy) -> InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: bufferingPolicy)
  }
}

extension BehaviorRelay where Element: Sendable {
  /// The current value followed by every later one, as a non-throwing `AsyncSequence` (unbounded buffer).
  ///
  /// For state, prefer `values(bufferingPolicy: .bufferingNewest(1))`: a slow consumer skips intermediate states
  /// and always ends on the latest one. See ``InfallibleValues``.
  public var values: InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: .unbounded)
  }

  /// The current value followed by every later one, buffered with `bufferingPolicy`.
  public func values(bufferingPolicy: ValuesBufferingPolicy) -> InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: bufferingPolicy)
  }
}

extension ReplayRelay where Element: Sendable {
  /// The replayed elements followed by every later one, as a non-throwing `AsyncSequence` (unbounded buffer).
  ///
  /// See ``InfallibleValues``.
  public var values: InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: .unbounded)
  }

  /// The replayed elements followed by every later one, buffered with `bufferingPolicy`.
  public func values(bufferingPolicy: ValuesBufferingPolicy) -> InfallibleValues<Element> {
    InfallibleValues(source: asObservable(), policy: bufferingPolicy)
  }
}
