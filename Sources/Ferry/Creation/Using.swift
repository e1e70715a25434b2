extension ObservableType {
  /// For each subscription, creates a resource with `resourceFactory`, mirrors the sequence
  /// `observableFactory` makes from it, and disposes the resource when the subscription ends.
  ///
  /// An error thrown by either factory fails the subscription (a resource already created is disposed).
  @preconcurrency
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @Sendable () throws -> Resource,
    observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>
  ) -> Observable<Element> {
    Observable.create { observer in
      let resource: Resource
      do {
        resource = try resourceFactory()
      } catch {
        observer.onError(error)
        return Disposables.create()
      }
      do {
        let source = try observableFactory(resource)
        return Disposables.create(source.subscribe(observer), resource)
      } catch {
        observer.onError(error)
        return resource
      }
    }
  }
}
