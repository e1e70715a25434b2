extension Observable {
  /// An observable that never emits and never terminates.
  public static func never() -> Observable<Element> {
    NeverObservable()
  }
}

final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: no state.
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    Disposables.create()
  }
}
