extension ObservableType {
  /// Emits the elements of each of `sources` in turn, subscribing to the next one when the previous completed.
  ///
  /// `sources` is iterated lazily, once per subscription: the next source is pulled only when the previous one
  /// completed, so an endless sequence of sources is fine (`Observable.concat(sources).take(3)` pulls only what
  /// `take(3)` needs). Synchronously completing sources are subscribed to in a loop, not recursively, so long
  /// chains do not grow the stack.
  public static func concat<S: Sequence>(_ sources: S) -> Observable<Element> where S.Element == Observable<Element> {
    ConcatSequenceObservable(UncheckedBox(sources))
  }

  /// Emits the elements of each of `sources` in turn, subscribing to the next one when the previous completed.
  ///
  /// As the `Sequence` form: the collection is walked lazily, once per subscription.
  public static func concat<C: Collection>(_ sources: C) -> Observable<Element> where C.Element == Observable<Element> {
    ConcatSequenceObservable(UncheckedBox(sources))
  }
}

/// `Observable.concat` over a sequence of sources: each subscription makes its own iterator and pulls one source
/// at a time.
final class ConcatSequenceObservable<Sources: Sequence, Element>: Observable<Element>, @unchecked Sendable
where Sources.Element == Observable<Element> {
  // @unchecked Sendable: immutable configuration; the sequence is only iterated (each subscription makes its own
  // iterator), as RxSwift's `concat` does.
  let sources: UncheckedBox<Sources>

  init(_ sources: UncheckedBox<Sources>) { self.sources = sources }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = ConcatSequenceSink(observer: observer, iterator: sources.value.makeIterator())
    sink.setUpstream(sink.current)
    sink.subscribeNext()
    return sink
  }
}

/// One `concat(sequence)` subscription: the current source's observer.
final class ConcatSequenceSink<Observer: ObserverType, Iterator: IteratorProtocol>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Iterator.Element == Observable<Observer.Element> {
  // @unchecked Sendable: `iterator` is advanced only inside `subscribeNext`'s loop, which one caller at a time runs
  // (`pending`, an atomic count of requests, elects it: a completion that arrives while the loop is subscribing only
  // adds a request, which the same loop serves); `current` is a `SerialDisposable`.
  let current = SerialDisposable()
  private var iterator: Iterator
  private let pending = AtomicWord.make()

  init(observer: Observer, iterator: Iterator) {
    self.iterator = iterator
    super.init(observer: observer)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let element): forwardNext(element)
    case .error: forward(event)
    case .completed: subscribeNext()
    }
  }

  /// Subscribes to the next source, or completes when there is none.
  func subscribeNext() {
    guard pending.fetchAdd(1) == 0 else { return }
    repeat {
      if isDisposed { return }
      guard let source = iterator.next() else { return forwardCompleted() }
      let subscription = SingleAssignmentDisposable()
      current.disposable = subscription
      subscription.setDisposable(source.subscribe(self))
    } while pending.fetchAdd(-1) != 1
  }
}
