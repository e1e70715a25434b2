extension AsyncSequence where Self: Sendable {
  /// The elements of this async sequence as an ``Observable``.
  ///
  /// - One task (with `priority`) per subscription iterates the sequence; it does not run on the subscriber's
  ///   actor.
  /// - The sequence is pulled one element at a time: the next element is requested only after the observer's
  ///   `onNext` returned.
  /// - The end of the sequence completes the observable; an error thrown by the sequence terminates it with that
  ///   error.
  /// - Disposing the subscription cancels the task; the cancellation it causes emits nothing.
  @inlinable
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    // Inlinable so that the loop is compiled for the concrete sequence: generic, every `next()` is a witness
    // call and a synchronous base reads its elements through `Collection`'s subscript coroutine (a heap block
    // each).
    Observable.createAsync(priority: priority) { sender in
      for try await element in self {
        try await sender.send(element)
      }
    }
  }
}

extension Observable {
  /// The elements of `sequence` as an observable: the same as `sequence.asObservable(priority:)`.
  ///
  /// One task per subscription pulls the sequence one element at a time; disposing cancels it, silently.
  @inlinable
  public static func from<Sequence: AsyncSequence & Sendable>(
    _ sequence: Sequence,
    priority: TaskPriority? = nil
  ) -> Observable<Element> where Sequence.Element == Element {
    sequence.asObservable(priority: priority)
  }
}
