extension ObservableType {
  /// Turns every event of the source into an element: `.next(x)` → `.next(.next(x))`, a stop event `e` →
  /// `.next(e)` followed by `.completed`. The result never errors.
  @inlinable
  public func materialize() -> Observable<Event<Element>> {
    // The event step is built here so that the client specialises it (see `EventStep`).
    MapObservable(source: asObservable()) { event, deliver in
      deliver(.next(event))
      return event.isStopEvent ? .completed : .consumed
    }
  }
}
