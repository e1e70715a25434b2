#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
import Ferry

extension ObservableConvertibleType {
  /// The sequence as a Combine publisher that honours demand, buffering without bound in between (lossless).
  ///
  /// Subscribes to the sequence when a subscriber subscribes (one Rx subscription each); `cancel()` disposes it.
  /// On a `Single`, `Maybe` or `Completable` this is the lazy, cancellable replacement for
  /// `Future { promise in Task { … } }`: `Single { try await api.fetch() }.publisher` runs nothing until
  /// subscribed, and cancelling the subscription cancels the task. See ``ObservablePublisher``.
  public var publisher: AnyPublisher<Element, any Error> {
    ObservablePublisher(source: asObservable(), policy: .unbounded).eraseToAnyPublisher()
  }

  /// The sequence as a Combine publisher (RxCombine's name for ``publisher``).
  public func asPublisher() -> AnyPublisher<Element, any Error> {
    publisher
  }

  /// The sequence as a Combine publisher that honours demand, buffering with `bufferingPolicy` in between.
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func publisher(bufferingPolicy: ValuesBufferingPolicy) -> AnyPublisher<Element, any Error> {
    ObservablePublisher(source: asObservable(), policy: bufferingPolicy).eraseToAnyPublisher()
  }
}

extension Infallible {
  /// The sequence as a Combine publisher that cannot fail, honouring demand and buffering without bound in between.
  /// See ``ObservablePublisher``.
  public var publisher: AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: .unbounded).eraseToAnyPublisher()
  }

  /// The sequence as a Combine publisher that cannot fail, buffering with `bufferingPolicy` between demands.
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func publisher(bufferingPolicy: ValuesBufferingPolicy) -> AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: bufferingPolicy).eraseToAnyPublisher()
  }
}

extension SharedSequence {
  /// The `Driver` or `Signal` as a Combine publisher that cannot fail, honouring demand and buffering without bound
  /// in between. A `Driver`'s publisher starts with the latest element; elements arrive on the main thread, as the
  /// sequence delivers them. See ``ObservablePublisher``.
  public var publisher: AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: .unbounded).eraseToAnyPublisher()
  }

  /// The `Driver` or `Signal` as a Combine publisher, buffering with `bufferingPolicy` between demands.
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func publisher(bufferingPolicy: ValuesBufferingPolicy) -> AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: bufferingPolicy).eraseToAnyPublisher()
  }
}

extension PublishRelay {
  /// The accepted elements as a Combine publisher that cannot fail (only those accepted after subscription),
  /// honouring demand and buffering without bound in between. See ``ObservablePublisher``.
  public var publisher: AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: .unbounded).eraseToAnyPublisher()
  }

  /// The accepted elements as a Combine publisher, buffering with `bufferingPolicy` between demands.
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func publisher(bufferingPolicy: ValuesBufferingPolicy) -> AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: bufferingPolicy).eraseToAnyPublisher()
  }
}

extension BehaviorRelay {
  /// The current value, then every later one, as a Combine publisher that cannot fail — the drop-in for a
  /// `CurrentValueSubject`'s publisher — honouring demand and buffering without bound in between.
  /// See ``ObservablePublisher``.
  public var publisher: AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: .unbounded).eraseToAnyPublisher()
  }

  /// The current value, then every later one, buffering with `bufferingPolicy` between demands
  /// (`.bufferingNewest(1)`: a slow subscriber always ends on the latest value).
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func publisher(bufferingPolicy: ValuesBufferingPolicy) -> AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: bufferingPolicy).eraseToAnyPublisher()
  }
}

extension ReplayRelay {
  /// The replayed elements, then every later one, as a Combine publisher that cannot fail, honouring demand and
  /// buffering without bound in between. See ``ObservablePublisher``.
  public var publisher: AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: .unbounded).eraseToAnyPublisher()
  }

  /// The replayed elements, then every later one, buffering with `bufferingPolicy` between demands.
  ///
  /// - Precondition: a bounded policy's count is at least 1.
  public func publisher(bufferingPolicy: ValuesBufferingPolicy) -> AnyPublisher<Element, Never> {
    ObservablePublisher(infallible: asObservable(), policy: bufferingPolicy).eraseToAnyPublisher()
  }
}
#endif
