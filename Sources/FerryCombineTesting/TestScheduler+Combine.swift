#if FERRY_OPENCOMBINE
import OpenCombine
import FerryOpenCombine
#elseif canImport(Combine)
import Combine
import FerryCombine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
import Ferry
import FerryTesting

/// A test publisher driven by a ``FerryTesting/TestScheduler``: a hot or cold ``FerryTesting/TestableObservable``
/// seen through Combine, which records its subscriptions in the same marble-diagram form.
///
/// Created with `createHotPublisher` / `createColdPublisher`. Each Combine subscription is one subscription of the
/// underlying observable (recorded in ``subscriptions``: subscribed when the subscriber receives its subscription,
/// unsubscribed when it cancels or the publisher terminates); demand is honoured, elements beyond it buffered.
///
/// `Failure` is chosen by the context: `TestablePublisher<Int, Never>` for a `@Published`-like source,
/// `TestablePublisher<Int, any Error>` or a concrete error type for a repository's publisher.
public struct TestablePublisher<Output, Failure: Error>: Publisher, Sendable {
  /// The observable behind the publisher.
  public let observable: TestableObservable<Output>

  /// Wraps `observable`.
  ///
  /// - Precondition: when `Failure` is not `any Error`, every error in the observable's events is a `Failure`
  ///   (none, for `Never`), checked here so that a wrong diagram fails the test at its line rather than later.
  public init(_ observable: TestableObservable<Output>) {
    for recorded in observable.recordedEvents {
      if case .error(let error) = recorded.value, !(error is Failure) {
        preconditionFailure(
          "TestablePublisher<\(Output.self), \(Failure.self)>: the events hold the error \(error) at \(recorded.time),"
            + " which is not a \(Failure.self)")
      }
    }
    self.observable = observable
  }

  /// The subscriptions made so far, with the times they started and ended (`expectSubscriptions` compares them
  /// with diagrams such as `"^---!"`).
  public var subscriptions: [FerryTesting.Subscription] { observable.subscriptions }

  /// Subscribes `subscriber` to one new subscription of the observable.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    observable.publisher
      .mapError { error -> Failure in
        guard let failure = error as? Failure else {
          preconditionFailure("TestablePublisher: \(error) is not a \(Failure.self)")
        }
        return failure
      }
      .receive(subscriber: subscriber)
  }
}

extension TestScheduler {
  /// Creates a hot publisher from recorded events (absolute times): it emits them whether or not anyone is
  /// subscribed.
  public func createHotPublisher<Element, Failure: Error>(
    _ events: [Recorded<Event<Element>>], failure: Failure.Type = Failure.self
  ) -> TestablePublisher<Element, Failure> {
    TestablePublisher(createHotObservable(events))
  }

  /// Creates a cold publisher from recorded events (times relative to each subscription).
  public func createColdPublisher<Element, Failure: Error>(
    _ events: [Recorded<Event<Element>>], failure: Failure.Type = Failure.self
  ) -> TestablePublisher<Element, Failure> {
    TestablePublisher(createColdObservable(events))
  }

  /// Creates a hot publisher from a marble diagram (see `Docs/MarbleGrammar.md`), as `createHotObservable(_:…)`.
  ///
  /// ```swift
  /// let query: TestablePublisher<String, Never> = try scheduler.createHotPublisher("^-a--b---", values: …)
  /// ```
  ///
  /// - Throws: `MarbleParseError` naming the column, the character and what was expected.
  public func createHotPublisher<Element, Failure: Error>(
    _ diagram: String, of type: Element.Type = Element.self, failure: Failure.Type = Failure.self,
    values: [String: Element] = [:], error: any Error = MarbleError.default,
    frameTicks: TestTime = MarbleDiagram.defaultFrameTicks, subscribed: TestTime = Defaults.subscribed
  ) throws(MarbleParseError) -> TestablePublisher<Element, Failure> {
    TestablePublisher(
      try createHotObservable(
        diagram, of: type, values: values, error: error, frameTicks: frameTicks, subscribed: subscribed))
  }

  /// Creates a cold publisher from a marble diagram: frame 0 is each subscription, as `createColdObservable(_:…)`.
  ///
  /// - Throws: `MarbleParseError` naming the column, the character and what was expected.
  public func createColdPublisher<Element, Failure: Error>(
    _ diagram: String, of type: Element.Type = Element.self, failure: Failure.Type = Failure.self,
    values: [String: Element] = [:], error: any Error = MarbleError.default,
    frameTicks: TestTime = MarbleDiagram.defaultFrameTicks
  ) throws(MarbleParseError) -> TestablePublisher<Element, Failure> {
    TestablePublisher(
      try createColdObservable(diagram, of: type, values: values, error: error, frameTicks: frameTicks))
  }

  /// Creates the publisher with `create` at `created`, subscribes to it at `subscribed` with unlimited demand,
  /// cancels at `disposed`, runs the scheduler and returns the recorded events — RxTest's `start` for a Combine
  /// pipeline: `expectMarbles(scheduler.start { viewModel.$title }.events, "^-a-b")`.
  ///
  /// A failure is recorded as `.error`, `finished` as `.completed`.
  public func start<P: Publisher>(
    created: TestTime = Defaults.created, subscribed: TestTime = Defaults.subscribed,
    disposed: TestTime = Defaults.disposed, _ create: @escaping () -> P
  ) -> TestableObserver<P.Output> {
    start(created: created, subscribed: subscribed, disposed: disposed) { create().asObservable() }
  }
}
#endif
