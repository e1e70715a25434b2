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
