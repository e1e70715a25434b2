/// An observable sequence with at most one element, or none, whose shape is fixed by `Trait`: ``Single``,
/// ``Maybe`` or ``Completable``.
///
/// A value type wrapping an ``Observable``; like `Observable` it is immutable and `Sendable`. The wrapped
/// observable is trusted to follow the trait's grammar (every way of building one — `create`, `just`,
/// `asSingle()`, the operators — guarantees it).
public struct PrimitiveSequence<Trait, Element>: Sendable {
  @usableFromInline let source: Observable<Element>

  @inlinable
  init(raw: Observable<Element>) {
    self.source = raw
  }
}

/// A type that can be converted to a ``PrimitiveSequence``.
public protocol PrimitiveSequenceType<Trait, Element> {
  /// The trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
  associatedtype Trait
  /// The type of the element.
  associatedtype Element

  /// The sequence as a ``PrimitiveSequence``.
  var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
  /// Returns `self`.
  public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
  /// The sequence as an ``Observable``.
  public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequence {
  /// A sequence that calls `factory` for every subscription and subscribes to what it returns.
  ///
  /// An error thrown by `factory` terminates that subscription with the error.
  @preconcurrency
  public static func deferred(
    _ factory: @escaping @Sendable () throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() })
  }

  /// Continues with the sequence `handler` returns when `self` fails; an error thrown by `handler` fails the
  /// result.
  @preconcurrency
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: catchObservable(source) { try handler($0).asObservable() })
  }

  /// Resubscribes to `self` after an error, until it succeeds or `maxAttemptCount` subscriptions have been made
  /// (the last error is then forwarded). The same as the Observable `retry(_:)`: `retry(0)` completes at once
  /// without subscribing.
  ///
  /// - Precondition: `maxAttemptCount >= 0`.
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
    requireArgument(maxAttemptCount >= 0, "retry(_:): maxAttemptCount must be >= 0, got \(maxAttemptCount)")
    return PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Resubscribes to `self` after every error, until it succeeds.
  ///
  /// Resubscription after a synchronous error is iterative, so an always-failing synchronous source loops
  /// rather than overflowing the stack (dispose the subscription to stop it).
  public func retry() -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry())
  }
}
