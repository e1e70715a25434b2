extension ObservableType {
  /// Emits `element` on `scheduler`, then completes in a second scheduled action (on a `TestScheduler`, one
  /// tick after the element, as in RxSwift).
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    let element = UncheckedBox(element)
    return Observable.create { observer in
      scheduler.scheduleRecursive(true) { isElement, recurse in
        if isElement {
          observer.onNext(element.value)
          recurse(false)
        } else {
          observer.onCompleted()
        }
      }
    }
  }
}

extension ObservableType {
  /// Emits the elements of `sequence` on `scheduler`, one scheduled action per element, then completes in one more
  /// (on a `TestScheduler`, one tick apart, as RxSwift's `from(_:scheduler:)`).
  ///
  /// The sequence is copied into an array when the observable is created, as in `from(_:)`.
  public static func from<S: Sequence>(_ sequence: S, scheduler: any ImmediateSchedulerType) -> Observable<Element>
  where S.Element == Element {
    let elements = UncheckedBox(Array(sequence))
    return Observable.create { observer in
      scheduler.scheduleRecursive(0) { index, recurse in
        if index < elements.value.count {
          observer.onNext(elements.value[index])
          recurse(index + 1)
        } else {
          observer.onCompleted()
        }
      }
    }
  }

  /// Emits `elements` on `scheduler`, one scheduled action per element, then completes in one more. See
  /// `from(_:scheduler:)`.
  public static func of(_ elements: Element..., scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    from(elements, scheduler: scheduler)
  }

  /// Emits `optional`'s value on `scheduler` and completes in a second scheduled action; completes in the first one
  /// when `optional` is `nil` (as RxSwift's `from(optional:scheduler:)`).
  public static func from(optional: Element?, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    from(optional.map { [$0] } ?? [], scheduler: scheduler)
  }
}
