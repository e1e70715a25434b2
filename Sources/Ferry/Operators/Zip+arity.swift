// The arity 2...6 overloads of `zip`, written out by hand in one pattern (as RxSwift generates them).
// Each erases its sources to `ErasedSource` and casts the combination back to the typed result selector.

extension ObservableType {
  /// Combines the elements of the sources by index with `resultSelector`; completes as soon as a completed source
  /// has no unpaired element left.
  @preconcurrency
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    ZipObservable(sources: [ErasedSource(source1), ErasedSource(source2)]) { values in
      try resultSelector(values[0] as! O1.Element, values[1] as! O2.Element)
    }
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes as soon as a completed source
  /// has no unpaired element left.
  @preconcurrency
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    ZipObservable(sources: [ErasedSource(source1), ErasedSource(source2), ErasedSource(source3)]) { values in
      try resultSelector(values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element)
    }
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes as soon as a completed source
  /// has no unpaired element left.
  @preconcurrency
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    ZipObservable(sources: [ErasedSource(source1), ErasedSource(source2), ErasedSource(source3), ErasedSource(source4)])
    { values in
      try resultSelector(
        values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element, values[3] as! O4.Element)
    }
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes as soon as a completed source
  /// has no unpaired element left.
  @preconcurrency
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    ZipObservable(sources: [
      ErasedSource(source1), ErasedSource(source2), ErasedSource(source3), ErasedSource(source4), ErasedSource(source5),
    ]) { values in
      try resultSelector(
        values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element, values[3] as! O4.Element,
        values[4] as! O5.Element)
    }
  }

  /// Combines the elements of the sources by index with `resultSelector`; completes as soon as a completed source
  /// has no unpaired element left.
  @preconcurrency
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
    O6: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    _ source6: O6,
    resultSelector:
      @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Element
  ) -> Observable<Element> {
    ZipObservable(sources: [
      ErasedSource(source1), ErasedSource(source2), ErasedSource(source3), ErasedSource(source4), ErasedSource(source5),
      ErasedSource(source6),
    ]) { values in
      try resultSelector(
        values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element, values[3] as! O4.Element,
        values[4] as! O5.Element, values[5] as! O6.Element)
    }
  }
}

extension ObservableType where Element == Any {
  /// Emits tuples of the elements of the sources combined by index; completes as soon as a completed source has no
  /// unpaired element left.
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1,
    _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    ZipObservable(sources: [ErasedSource(source1), ErasedSource(source2)]) { values in
      (values[0] as! O1.Element, values[1] as! O2.Element)
    }
  }

  /// Emits tuples of the elements of the sources combined by index; completes as soon as a completed source has no
  /// unpaired element left.
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    ZipObservable(sources: [ErasedSource(source1), ErasedSource(source2), ErasedSource(source3)]) { values in
      (values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element)
    }
  }

  /// Emits tuples of the elements of the sources combined by index; completes as soon as a completed source has no
  /// unpaired element left.
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    ZipObservable(sources: [ErasedSource(source1), ErasedSource(source2), ErasedSource(source3), ErasedSource(source4)])
    { values in
      (values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element, values[3] as! O4.Element)
    }
  }

  /// Emits tuples of the elements of the sources combined by index; completes as soon as a completed source has no
  /// unpaired element left.
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    ZipObservable(sources: [
      ErasedSource(source1), ErasedSource(source2), ErasedSource(source3), ErasedSource(source4), ErasedSource(source5),
    ]) { values in
      (
        values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element, values[3] as! O4.Element,
        values[4] as! O5.Element
      )
    }
  }

  /// Emits tuples of the elements of the sources combined by index; completes as soon as a completed source has no
  /// unpaired element left.
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType, O5: ObservableType,
    O6: ObservableType
  >(
    _ source1: O1,
    _ source2: O2,
    _ source3: O3,
    _ source4: O4,
    _ source5: O5,
    _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    ZipObservable(sources: [
      ErasedSource(source1), ErasedSource(source2), ErasedSource(source3), ErasedSource(source4), ErasedSource(source5),
      ErasedSource(source6),
    ]) { values in
      (
        values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element, values[3] as! O4.Element,
        values[4] as! O5.Element, values[5] as! O6.Element
      )
    }
  }
}
