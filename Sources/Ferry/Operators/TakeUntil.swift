extension ObservableType {
  /// Emits the source's elements until `other` emits an element, then completes.
  ///
  /// `other` is subscribed first; if it emits synchronously, the source is never subscribed. An error from
  /// `other` terminates the sequence with it; completion of `other` without an element changes nothing.
  public func take<Other>(until other: some ObservableType<Other>) -> Observable<Element> {
    TakeUntilObservable(source: asObservable(), other: other.asObservable())
  }
}

final class TakeUntilObservable<Element, Other>: Observable<Element>, @unchecked Sendable {
  let source: Observable<Element>
  let other: Observable<Other>

  init(source: Observable<Element>, other: Observable<Other>) {
    self.source = source
    self.other = other
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = TakeUntilSink<Other, Observer>(observer: observer)
    sink.otherSubscription.setDisposable(other.subscribe(UntilOtherObserver(sink: sink)))
    if !sink.isDisposed {
      sink.setUpstream(source.subscribe(sink))
    }
    return sink
  }
}

/// Observes the `other` sequence of `take(until:)` / `skip(until:)` on behalf of a sink.
struct UntilOtherObserver<Sink: UntilSink>: ObserverType {
  let sink: Sink

  func on(_ event: Event<Sink.Other>) { sink.serializer.run(.other(event), sink.handle) }
}

/// A sink fed by its source and by an `other` sequence, whose inputs are serialised by `serializer`.
protocol UntilSink<Other>: AnyObject, Sendable {
  associatedtype Source
  associatedtype Other
  var serializer: EventSerializer<UntilInput<Source, Other>> { get }
  func handle(_ input: UntilInput<Source, Other>)
}

/// An event from the source or from the `other` sequence.
enum UntilInput<Source, Other> {
  case source(Event<Source>)
  case other(Event<Other>)
}

final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, UntilSink,
  @unchecked Sendable
{
  // `@unchecked Sendable`: `handle` (the only code reading or writing sink state) runs inside `serializer`,
  // one input at a time; `otherSubscription` is itself thread-safe.
  typealias Source = Observer.Element
  let serializer = EventSerializer<UntilInput<Observer.Element, Other>>()
  let otherSubscription = SingleAssignmentDisposable()

  func on(_ event: Event<Observer.Element>) { serializer.run(.source(event), handle) }

  func handle(_ input: UntilInput<Observer.Element, Other>) {
    switch input {
    case .source(let event): forward(event)
    case .other(.next): forwardCompleted()
    case .other(.error(let error)): forwardError(error)
    case .other(.completed): otherSubscription.dispose()
    }
  }

  override func disposeResources() { otherSubscription.dispose() }
}

/// Serialises inputs arriving from several sequences (and threads) so that they are handled one at a time,
/// without holding a lock while handling: an input that arrives while another is being handled — from another
/// thread, or re-entrantly — is queued and handled by the thread already handling, after the current one.
///
/// `@unchecked Sendable`: all mutable state is in `state` (a `LockedState`).
final class EventSerializer<Input>: @unchecked Sendable {
  private struct State {
    var handling = false
    var queue: [Input] = []
    var head = 0
  }

  private let state = LockedState(State())

  /// Handles `input` now, or queues it behind the input being handled. `handler` is the same function for
  /// every call on one serializer (queued inputs are handled with the caller's `handler`).
  func run(_ input: Input, _ handler: (Input) -> Void) {
    let handleNow: Bool = state.withLock { state in
      if state.handling {
        state.queue.append(input)
        return false
      }
      state.handling = true
      return true
    }
    guard handleNow else { return }
    handler(input)
    while true {
      let next: Input? = state.withLock { state in
        if state.head < state.queue.count {
          let input = state.queue[state.head]
          state.head += 1
          return input
        }
        state.queue.removeAll(keepingCapacity: true)
        state.head = 0
        state.handling = false
        return nil
      }
      guard let next else { return }
      handler(next)
    }
  }
}
