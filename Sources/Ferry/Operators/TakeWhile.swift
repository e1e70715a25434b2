/// Whether `take(while:)` / `take(until:)` also emits the element that ends the sequence.
public enum TakeBehavior: Sendable {
  /// Also emit the element that fails (`take(while:)`) or satisfies (`take(until:)`) the predicate.
  case inclusive
  /// Complete without emitting that element.
  case exclusive
}

extension ObservableType {
  /// Emits elements while `predicate` returns `true`, then completes.
  ///
  /// With `.inclusive`, the first element for which `predicate` returns `false` is emitted before completing.
  /// An error thrown by `predicate` terminates the sequence with it.
  @preconcurrency
  @inlinable
  public func take(
    while predicate: @escaping @Sendable (Element) throws -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    // `map`'s engine with a step that delivers the kept elements and completes at the first one that fails; built
    // here so that the client specialises it (see `EventStep`). It keeps no state of its own.
    let inclusive = behavior == .inclusive
    return MapObservable(source: asObservable()) { event, deliver in
      switch event {
      case .next(let element):
        let keep: Bool
        do {
          keep = try predicate(element)
        } catch {
          return .error(error)
        }
        if keep || inclusive { deliver(event) }
        return keep ? .consumed : .completed
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }

  /// Emits elements until `predicate` returns `true`, then completes.
  ///
  /// With `.inclusive`, the element for which `predicate` returns `true` is emitted before completing.
  /// An error thrown by `predicate` terminates the sequence with it.
  @preconcurrency
  @inlinable
  public func take(
    until predicate: @escaping @Sendable (Element) throws -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    take(while: { try !predicate($0) }, behavior: behavior)
  }
}
