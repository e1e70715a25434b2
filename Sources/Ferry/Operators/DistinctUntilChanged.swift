extension ObservableType where Element: Equatable {
  /// Drops each element equal to the one before it.
  @inlinable
  public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: EquatableComparison<Element>().callAsFunction)
  }
}

/// `==` as a value, so that `@Sendable` closures need not capture a generic metatype.
@usableFromInline
struct EquatableComparison<Value: Equatable>: Sendable {
  @inlinable init() {}
  @inlinable @inline(__always) func callAsFunction(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}

/// A key path read as a `Sendable` function value.
struct KeyPathSelector<Root, Value>: Sendable {
  let keyPath: KeyPath<Root, Value> & Sendable
  @inline(__always) func callAsFunction(_ root: Root) -> Value { root[keyPath: keyPath] }
}

extension ObservableType {
  /// Drops each element whose key (from `keySelector`) equals the previous element's key.
  @preconcurrency
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @Sendable (Element) throws -> Key
  ) -> Observable<Element> {
    distinctUntilChanged(keySelector, comparer: EquatableComparison<Key>().callAsFunction)
  }

  /// Drops each element that `comparer` says equals the previous element.
  @preconcurrency
  @inlinable
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) throws -> Bool
  ) -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Drops each element whose key `comparer` says equals the previous element's key.
  @preconcurrency
  @inlinable
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping @Sendable (Element) throws -> Key,
    comparer: @escaping @Sendable (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    // The step is built here so that the client specialises it (see `StatefulStepObservable`); the previous key is
    // the subscription's state.
    StatefulStepObservable<Element, Element, Key?>(
      source: asObservable(), initial: nil, operatorName: "distinctUntilChanged"
    ) { event, currentKey, deliver in
      switch event {
      case .next(let element):
        do {
          let key = try keySelector(element)
          if let previous = currentKey, try comparer(previous, key) { return .consumed }
          currentKey = key
          deliver(event)
          return .consumed
        } catch {
          return .error(error)
        }
      case .error(let error): return .error(error)
      case .completed: return .completed
      }
    }
  }

  /// Drops each element whose value at `keyPath` equals the previous element's.
  public func distinctUntilChanged<Property: Equatable>(
    at keyPath: KeyPath<Element, Property> & Sendable
  )
    -> Observable<Element>
  {
    distinctUntilChanged(
      KeyPathSelector(keyPath: keyPath).callAsFunction, comparer: EquatableComparison<Property>().callAsFunction)
  }
}
