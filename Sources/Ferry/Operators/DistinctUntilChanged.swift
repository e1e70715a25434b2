extension ObservableType where Element: Equatable {
  /// Drops each element equal to the one before it.
  public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: EquatableComparison<Element>().callAsFunction)
  }
}

/// `==` as a value, so that `@Sendable` closures need not capture a generic metatype.
struct EquatableComparison<Value: Equatable>: Sendable {
  @inline(__always) func callAsFunction(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}

/// A key path read as a `Sendable` function value.
struct KeyPathSelector<Root, Value>: Sendable {
  let keyPath: KeyPath<Root, Value> & Sendable
  @inline(__always) func callAsFunction(_ root: Root) -> Value { root[keyPath: keyPath] }
}

extension ObservableType {
  /// Drops each element whose key (from `keySelector`) equals the previous element's key.
  @preconcurrency
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @Sendable (Element) throws -> Key
  ) -> Observable<Element> {
    distinctUntilChanged(keySelector, comparer: EquatableComparison<Key>().callAsFunction)
  }

  /// Drops each element that `comparer` says equals the previous element.
  @preconcurrency
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) throws -> Bool
  ) -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Drops each element whose key `comparer` says equals the previous element's key.
  @preconcurrency
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping @Sendable (Element) throws -> Key,
    comparer: @escaping @Sendable (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    DistinctUntilChangedObservable(source: asObservable(), keySelector: keySelector, comparer: comparer)
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

final class DistinctUntilChangedObservable<Element, Key>: Observable<Element>, @unchecked Sendable {
  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let keySelector: @Sendable (Element) throws -> Key
  let comparer: @Sendable (Key, Key) throws -> Bool

  init(
    source: Observable<Element>,
    keySelector: @escaping @Sendable (Element) throws -> Key,
    comparer: @escaping @Sendable (Key, Key) throws -> Bool
  ) {
    self.source = source
    self.keySelector = keySelector
    self.comparer = comparer
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = DistinctUntilChangedSink(observer: observer, keySelector: keySelector, comparer: comparer)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `currentKey` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("distinctUntilChanged")
  #endif
  let keySelector: @Sendable (Observer.Element) throws -> Key
  let comparer: @Sendable (Key, Key) throws -> Bool
  private var currentKey: Key?

  init(
    observer: Observer,
    keySelector: @escaping @Sendable (Observer.Element) throws -> Key,
    comparer: @escaping @Sendable (Key, Key) throws -> Bool
  ) {
    self.keySelector = keySelector
    self.comparer = comparer
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    switch event {
    case .next(let element):
      do {
        let key = try keySelector(element)
        if let currentKey, try comparer(currentKey, key) { return }
        currentKey = key
        forwardNext(element)
      } catch {
        forwardError(error)
      }
    case .error(let error): forwardError(error)
    case .completed: forwardCompleted()
    }
  }
}
