/// A sink with no upstream, used by sources that produce elements themselves.
final class SourceSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
  // @unchecked Sendable: no state of its own; `Sink`'s is atomic.
}
