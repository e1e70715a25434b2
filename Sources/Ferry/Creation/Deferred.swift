extension Observable {
  /// An observable that calls `factory` for every subscription and subscribes to what it returns.
  ///
  /// An error thrown by `factory` terminates that subscription with the error.
  @preconcurrency
  public static func deferred(
    _ factory: @escaping @Sendable () throws -> Observable<Element>
  ) -> Observable<Element> {
    DeferredObservable(factory)
  }
}

final class DeferredObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let factory: @Sendable () throws -> Observable<Element>

  init(_ factory: @escaping @Sendable () throws -> Observable<Element>) { self.factory = factory }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    do {
      return try factory().subscribe(observer)
    } catch {
      observer.on(.error(error))
      return Disposables.create()
    }
  }
}
