extension ObservableType {
  /// Mirrors the first sequence of `sequence`; when one fails, continues with the next. Fails with the last
  /// error when no sequence is left; completes at once if `sequence` is empty.
  ///
  /// `sequence` is iterated lazily, once per subscription.
  public static func `catch`<S: Sequence>(sequence: S) -> Observable<Element> where S.Element == Observable<Element> {
    let makeIterator = UncheckedBox { AnyIterator(sequence.makeIterator()) }
    return Observable.deferred {
      CatchSequenceIterator(makeIterator.value()).next() ?? Observable.empty()
    }
  }
}

/// The sources of one `catch(sequence:)` subscription.
final class CatchSequenceIterator<Element>: @unchecked Sendable {
  // @unchecked Sendable: `iterator` is advanced only when the current source fails, and a source delivers its error
  // once, after which nothing else of this subscription runs concurrently.
  private let iterator: AnyIterator<Observable<Element>>

  init(_ iterator: AnyIterator<Observable<Element>>) { self.iterator = iterator }

  /// The next source, continuing with the one after it when it fails; `nil` when there are none left.
  func next() -> Observable<Element>? {
    guard let source = iterator.next() else { return nil }
    return source.catch { error in
      guard let next = self.next() else { throw error }
      return next
    }
  }
}
