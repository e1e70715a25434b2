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
    // The event step is built here so that the client specialises it (see `EventStep`); the previous key lives in
    // the sink, one per subscription.
    DistinctUntilChangedObservable<Element, Key>(source: asObservable()) { event, currentKey in
      switch event {
      case .next(let element):
        do {
          let key = try keySelector(element)
          if let previous = currentKey, try comparer(previous, key) { return .handled }
          currentKey = key
          return .forwardNext
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

@usableFromInline
final class DistinctUntilChangedObservable<Element, Key>: Observable<Element>, @unchecked Sendable {
  /// Handles one upstream event, given the subscription's previous key.
  @usableFromInline
  typealias Step = @Sendable (Event<Element>, inout Key?) -> EventStep

  // `@unchecked Sendable`: immutable configuration only.
  let source: Observable<Element>
  let step: Step

  @usableFromInline
  init(source: Observable<Element>, step: @escaping Step) {
    self.source = source
    self.step = step
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = DistinctUntilChangedSink(observer: observer, step: step)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // `@unchecked Sendable`: `currentKey` is touched only from `on(_:)`, which the Rx grammar serialises.
  #if DEBUG
  let synchronization = SynchronizationChecker("distinctUntilChanged")
  #endif
  let step: @Sendable (Event<Observer.Element>, inout Key?) -> EventStep
  // `@exclusivity(unchecked)`: the grammar serialises `on(_:)`, its only access (the debug checker verifies it); a
  // run-time access check would cost about 60 instructions per element.
  @exclusivity(unchecked) private var currentKey: Key?

  init(observer: Observer, step: @escaping @Sendable (Event<Observer.Element>, inout Key?) -> EventStep) {
    self.step = step
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    #if DEBUG
    let outermost = synchronization.enter()
    defer { synchronization.leave(outermost) }
    #endif
    apply(step(event, &currentKey), to: event)
  }
}
