@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension AsyncSequence where Self: Sendable, Failure == Never {
  /// The elements of this non-throwing async sequence as an ``Infallible``.
  ///
  /// Same rules as `asObservable(priority:)`: one task per subscription, pulled one element at a time,
  /// disposing cancels the task silently; the end of the sequence completes.
  public func asInfallible(priority: TaskPriority? = nil) -> Infallible<Element> {
    Infallible(raw: asObservable(priority: priority))
  }
}

extension Infallible {
  /// The elements of the non-throwing `sequence` as an ``Infallible``: the same as
  /// `sequence.asInfallible(priority:)`.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static func from<Sequence: AsyncSequence & Sendable>(
    _ sequence: Sequence,
    priority: TaskPriority? = nil
  ) -> Infallible<Element> where Sequence.Element == Element, Sequence.Failure == Never {
    Infallible(raw: sequence.asObservable(priority: priority))
  }
}
