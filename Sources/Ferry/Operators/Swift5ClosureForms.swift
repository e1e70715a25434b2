// The operators Swift 5 language mode clients most often pass a method or an operator to, in the form those clients
// declare closures: not `@Sendable`. In Swift 5 mode an unapplied reference (`.map(Formatter.format)`,
// `.scan(State.initial, accumulator: State.reduce)`, `.reduce(0, accumulator: +)`) is a function value that is not
// `@Sendable`, and passing it where a `@Sendable` closure is expected warns even through `@preconcurrency` (Swift 6
// mode infers such references `Sendable`, SE-0418). Each form here:
// - is `obsoleted: 6`, so a Swift 6 mode client never sees it and keeps the `@Sendable` form's diagnostics;
// - is preferred in Swift 5 mode because the `@Sendable` form is `@_disfavoredOverload` (an unavailable declaration
//   ranks below a disfavoured one, so Swift 6 mode still picks the `@Sendable` form);
// - has a symbol name of its own (`@_silgen_name`): `@Sendable` is not part of a parameter's mangling, so it would
//   otherwise collide with the `@Sendable` form's symbol;
// - forwards to the `@Sendable` form (through an internal helper: called from the unavailable form itself, the name
//   would resolve to that form), the closure reinterpreted as `@Sendable` (same representation; all inlinable), as
//   `@preconcurrency` does for a closure literal in Swift 5 mode: no extra allocation or call.

extension ObservableType {
  /// `map(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_map_")
  @inlinable
  public func map<Result>(
    _ transform: @escaping (Element) throws -> Result
  ) -> Observable<Result> {
    sendableMap(unsafeBitCast(transform, to: (@Sendable (Element) throws -> Result).self))
  }

  /// `compactMap(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_compactMap_")
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Element) throws -> Result?
  ) -> Observable<Result> {
    sendableCompactMap(unsafeBitCast(transform, to: (@Sendable (Element) throws -> Result?).self))
  }

  /// `filter(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_filter_")
  @inlinable
  public func filter(
    _ predicate: @escaping (Element) throws -> Bool
  ) -> Observable<Element> {
    sendableFilter(unsafeBitCast(predicate, to: (@Sendable (Element) throws -> Bool).self))
  }

  /// `scan(_:accumulator:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied
  /// method or operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_scan__accumulator")
  @inlinable
  public func scan<A>(
    _ seed: A,
    accumulator: @escaping (A, Element) throws -> A
  ) -> Observable<A> {
    sendableScan(seed, unsafeBitCast(accumulator, to: (@Sendable (A, Element) throws -> A).self))
  }

  /// `scan(into:accumulator:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied
  /// method or operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_scan_into_accumulator")
  @inlinable
  public func scan<A>(
    into seed: A,
    accumulator: @escaping (inout A, Element) throws -> Void
  ) -> Observable<A> {
    sendableScanInto(seed, unsafeBitCast(accumulator, to: (@Sendable (inout A, Element) throws -> Void).self))
  }

  /// `reduce(_:accumulator:mapResult:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an
  /// unapplied method or operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_reduce__accumulator_mapResult")
  @inlinable
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate,
    accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Result
  ) -> Observable<Result> {
    sendableReduceMapResult(
      seed, unsafeBitCast(accumulator, to: (@Sendable (Accumulate, Element) throws -> Accumulate).self),
      unsafeBitCast(mapResult, to: (@Sendable (Accumulate) throws -> Result).self))
  }

  /// `reduce(_:accumulator:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied
  /// method or operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_ObservableType_reduce__accumulator")
  @inlinable
  public func reduce<Accumulate>(
    _ seed: Accumulate,
    accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    sendableReduce(seed, unsafeBitCast(accumulator, to: (@Sendable (Accumulate, Element) throws -> Accumulate).self))
  }

  /// `map(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableMap<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
    map(transform)
  }

  /// `compactMap(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableCompactMap<Result>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Observable<Result> {
    compactMap(transform)
  }

  /// `filter(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableFilter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
    filter(predicate)
  }

  /// `scan(_:accumulator:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableScan<A>(_ seed: A, _ accumulator: @escaping @Sendable (A, Element) throws -> A) -> Observable<A> {
    scan(seed, accumulator: accumulator)
  }

  /// `scan(into:accumulator:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableScanInto<A>(
    _ seed: A, _ accumulator: @escaping @Sendable (inout A, Element) throws -> Void
  ) -> Observable<A> {
    scan(into: seed, accumulator: accumulator)
  }

  /// `reduce(_:accumulator:mapResult:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableReduceMapResult<Accumulate, Result>(
    _ seed: Accumulate, _ accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
    _ mapResult: @escaping @Sendable (Accumulate) throws -> Result
  ) -> Observable<Result> {
    reduce(seed, accumulator: accumulator, mapResult: mapResult)
  }

  /// `reduce(_:accumulator:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableReduce<Accumulate>(
    _ seed: Accumulate, _ accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator)
  }

}

extension SharedSequenceConvertibleType {
  /// `map(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_SharedSequenceConvertibleType_map_")
  @inlinable
  public func map<Result>(
    _ transform: @escaping (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    sendableMap(unsafeBitCast(transform, to: (@Sendable (Element) -> Result).self))
  }

  /// `compactMap(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_SharedSequenceConvertibleType_compactMap_")
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    sendableCompactMap(unsafeBitCast(transform, to: (@Sendable (Element) -> Result?).self))
  }

  /// `filter(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_SharedSequenceConvertibleType_filter_")
  @inlinable
  public func filter(
    _ predicate: @escaping (Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    sendableFilter(unsafeBitCast(predicate, to: (@Sendable (Element) -> Bool).self))
  }

  /// `scan(_:accumulator:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied
  /// method or operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_SharedSequenceConvertibleType_scan__accumulator")
  @inlinable
  public func scan<A>(
    _ seed: A,
    accumulator: @escaping (A, Element) -> A
  ) -> SharedSequence<SharingStrategy, A> {
    sendableScan(seed, unsafeBitCast(accumulator, to: (@Sendable (A, Element) -> A).self))
  }

  /// `scan(into:accumulator:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied
  /// method or operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_SharedSequenceConvertibleType_scan_into_accumulator")
  @inlinable
  public func scan<A>(
    into seed: A,
    accumulator: @escaping (inout A, Element) -> Void
  ) -> SharedSequence<SharingStrategy, A> {
    sendableScanInto(seed, unsafeBitCast(accumulator, to: (@Sendable (inout A, Element) -> Void).self))
  }

  /// `map(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableMap<Result>(
    _ transform: @escaping @Sendable (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    map(transform)
  }

  /// `compactMap(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableCompactMap<Result>(
    _ transform: @escaping @Sendable (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    compactMap(transform)
  }

  /// `filter(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableFilter(_ predicate: @escaping @Sendable (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
    filter(predicate)
  }

  /// `scan(_:accumulator:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableScan<A>(
    _ seed: A, _ accumulator: @escaping @Sendable (A, Element) -> A
  ) -> SharedSequence<SharingStrategy, A> {
    scan(seed, accumulator: accumulator)
  }

  /// `scan(into:accumulator:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableScanInto<A>(
    _ seed: A, _ accumulator: @escaping @Sendable (inout A, Element) -> Void
  ) -> SharedSequence<SharingStrategy, A> {
    scan(into: seed, accumulator: accumulator)
  }

}

extension Infallible {
  /// `map(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_Infallible_map_")
  @inlinable
  public func map<Result>(
    _ transform: @escaping (Element) -> Result
  ) -> Infallible<Result> {
    sendableMap(unsafeBitCast(transform, to: (@Sendable (Element) -> Result).self))
  }

  /// `filter(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_Infallible_filter_")
  @inlinable
  public func filter(
    _ predicate: @escaping (Element) -> Bool
  ) -> Infallible<Element> {
    sendableFilter(unsafeBitCast(predicate, to: (@Sendable (Element) -> Bool).self))
  }

  /// `compactMap(_:)` for clients in Swift 5 language mode, where closures are not `@Sendable`: an unapplied method or
  /// operator reference (`Formatter.format`, `+`) converts without a warning. The same operator.
  @available(swift, obsoleted: 6)
  @_silgen_name("ferry_swift5_Infallible_compactMap_")
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Element) -> Result?
  ) -> Infallible<Result> {
    sendableCompactMap(unsafeBitCast(transform, to: (@Sendable (Element) -> Result?).self))
  }

  /// `map(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableMap<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> Infallible<Result> {
    map(transform)
  }

  /// `filter(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableFilter(_ predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
    filter(predicate)
  }

  /// `compactMap(_:)` itself, called from an available context (inside the Swift 5 form, an unavailable context, the
  /// call would resolve to the Swift 5 form).
  @inlinable
  func sendableCompactMap<Result>(_ transform: @escaping @Sendable (Element) -> Result?) -> Infallible<Result> {
    compactMap(transform)
  }

}
