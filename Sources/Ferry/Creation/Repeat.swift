extension Observable {
  /// An observable that emits `element` forever (until disposed), synchronously.
  public static func repeatElement(_ element: Element) -> Observable<Element> {
    RepeatObservable(ElementsStorage([element]))
  }
}

final class RepeatObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let storage: ElementsStorage<Element>

  init(_ storage: ElementsStorage<Element>) { self.storage = storage }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    let element = storage.elements[0]
    // An infinite synchronous loop: it ends when something below stops listening.
    var stop = SynchronousLoopStop()
    while !stop.isReached(below: sink) { sink.forwardNext(element) }
    return sink
  }
}
