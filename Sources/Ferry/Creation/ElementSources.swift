extension Observable {
  /// An observable that emits `element` and completes.
  public static func just(_ element: Element) -> Observable<Element> {
    JustObservable(element)
  }

  /// An observable that emits the given elements in order and completes.
  public static func of(_ elements: Element...) -> Observable<Element> {
    ElementsObservable(ElementsStorage(elements))
  }

  /// An observable that emits the elements of `array` in order and completes.
  public static func from(_ array: [Element]) -> Observable<Element> {
    ElementsObservable(ElementsStorage(array))
  }

  /// An observable that emits the elements of `sequence` in order and completes.
  ///
  /// The sequence is iterated when a subscription starts, not before, and once per subscription (as RxSwift's
  /// `from`): a sequence that can be iterated only once gives its elements to the first subscriber. (A `Sendable`
  /// collection, such as a range, has an overload of its own whose loop is specialised in the caller's module.)
  @inlinable
  public static func from<S: Sequence>(_ sequence: S) -> Observable<Element> where S.Element == Element {
    // Type-erased here (the sequence's type need not be `Sendable`, so the loop below cannot capture it).
    let makeIterator = UncheckedBox { AnyIterator(sequence.makeIterator()) }
    return IteratingObservable { emit in
      let iterator = makeIterator.value()
      while let element = iterator.next() {
        if !emit(element) { return }
      }
    }
  }

  /// An observable that emits the elements of `collection` in order and completes.
  ///
  /// The collection is not copied: each subscription iterates it (a collection can be iterated more than once), so
  /// `from(0..<1_000_000)` costs nothing up front. The loop is built here, specialised for the collection's type in
  /// the caller's module, so it allocates nothing per element.
  @inlinable
  public static func from<C: Collection & Sendable>(_ collection: C) -> Observable<Element>
  where C.Element == Element {
    IteratingObservable { emit in
      for element in collection {
        if !emit(element) { return }
      }
    }
  }

  /// An observable that emits `optional`'s value if it has one, then completes.
  public static func from(optional: Element?) -> Observable<Element> {
    ElementsObservable(ElementsStorage(optional.map { [$0] } ?? []))
  }

  /// An observable that completes immediately.
  public static func empty() -> Observable<Element> {
    ElementsObservable(ElementsStorage([]))
  }
}

/// Immutable storage for the elements of `just`/`of`/`from`.
@usableFromInline
struct ElementsStorage<Element>: @unchecked Sendable {
  // @unchecked Sendable: the array is never mutated after init; sharing it between subscriptions is only reading.
  @usableFromInline let elements: [Element]
  @usableFromInline init(_ elements: [Element]) { self.elements = elements }
}

@usableFromInline
final class ElementsObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let storage: ElementsStorage<Element>

  @usableFromInline init(_ storage: ElementsStorage<Element>) { self.storage = storage }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    // Indexed, not `for … in`: this code is not specialised, and a generic `IndexingIterator` reads each element
    // through `Collection`'s subscript coroutine, whose frame is a heap allocation per element.
    let elements = storage.elements
    var index = 0
    var stop = SynchronousLoopStop()
    while index < elements.count {
      if stop.isReached(below: sink) { return sink }
      sink.forwardNext(elements[index])
      index += 1
    }
    sink.forwardCompleted()
    return sink
  }
}

/// The observable behind `Observable.from` over a `Sendable` collection: `iterate`, built in the caller's module,
/// runs the loop over the collection and hands each element to `emit` (by address: this generic code needs no
/// metadata of the collection), stopping when `emit` returns false.
@usableFromInline
final class IteratingObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable configuration only.
  let iterate: @Sendable (_ emit: (Element) -> Bool) -> Void

  @usableFromInline
  init(iterate: @escaping @Sendable (_ emit: (Element) -> Bool) -> Void) { self.iterate = iterate }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    var stop = SynchronousLoopStop()
    var stopped = false
    iterate { element in
      if stop.isReached(below: sink) {
        stopped = true
        return false
      }
      sink.forwardNext(element)
      return true
    }
    if !stopped { sink.forwardCompleted() }
    return sink
  }
}

/// The observable behind `Observable.just`, `Single.just` and `Maybe.just`: one element, then completion.
///
/// The element is stored inline: one allocation, where an array in a class (``ElementsObservable``) is two — it
/// matters in `flatMapLatest { .just($0) }`, which builds one per element. A trait's `value` recognises it and
/// returns the element without subscribing.
@usableFromInline
final class JustObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: immutable after init; subscriptions only read the element (as `Observable.just` does,
  // `Element` is not required to be `Sendable`).
  @usableFromInline let element: Element

  init(_ element: Element) { self.element = element }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = SourceSink(observer: observer)
    sink.forwardNext(element)
    sink.forwardCompleted()
    return sink
  }
}
