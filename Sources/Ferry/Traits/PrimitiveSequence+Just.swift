/// The observable behind `Single.just` and `Maybe.just`: one element, then completion.
///
/// The element is stored inline, so building the trait is one allocation where `Observable.just` (an array in a
/// class) is two; `value` recognises it and returns the element without subscribing.
///
/// `@unchecked Sendable`: immutable after init; subscriptions only read the element (as `Observable.just` does,
/// `Element` is not required to be `Sendable`).
final class JustObservable<Element>: Observable<Element>, @unchecked Sendable {
  let element: Element

  init(_ element: Element) { self.element = element }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    sink.forwardNext(element)
    sink.forwardCompleted()
    return sink
  }
}
