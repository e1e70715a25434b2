/// A sink with no upstream, used by sources that produce elements themselves.
/// `@unchecked Sendable`: no state of its own; `Sink`'s is atomic.
final class SourceSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {}
