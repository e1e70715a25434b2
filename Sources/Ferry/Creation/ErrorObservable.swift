extension Observable {
  /// An observable that terminates immediately with `error`.
  public static func error(_ error: any Swift.Error) -> Observable<Element> {
    ErrorObservable(error)
  }
}

@usableFromInline
final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  @usableFromInline let error: any Swift.Error

  init(_ error: any Swift.Error) { self.error = error }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    observer.on(.error(error))
    return Disposables.create()
  }
}
