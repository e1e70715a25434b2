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
    // An infinite synchronous loop: stop as soon as anything below stops listening (`take(_:)` finishes
    // before `subscribe` returns, so its disposal cannot reach this sink through the upstream chain).
    while !sink.isDownstreamDisposed { sink.forwardNext(element) }
    return sink
  }
}
