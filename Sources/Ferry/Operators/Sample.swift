extension ObservableType {
  /// Emits the most recent element of `self` each time `sampler` emits or completes, if `self` emitted since
  /// the previous sample; otherwise emits `defaultValue`, if given.
  ///
  /// After `self` completes, the result completes at the next sample (after emitting a pending element). An
  /// error from either terminates the result; the completion of `sampler` alone does not complete it.
  @inlinable
  public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
    SerializingCoreObservable(
      run: SampleCore.makeRun(
        source: asObservable(), sampler: sampler.asObservable(), defaultValue: SampleDefault(defaultValue)))
  }
}

/// The default value of a `sample`.
@usableFromInline
struct SampleDefault<Element>: @unchecked Sendable {
  // @unchecked Sendable: never mutated; copied into each subscription's core.
  @usableFromInline let value: Element?
  @inlinable init(_ value: Element?) { self.value = value }
}

/// The observer-independent half of a `sample` subscription: the latest unsampled element behind the lock of its
/// ``SerializingCore``. Its inlinable methods run specialised in the client, called from the handlers
/// ``makeRun(source:sampler:defaultValue:)`` builds.
@usableFromInline
final class SampleCore<Element>: SerializingCore<Event<Element>, Element>, ClosableCore,
  @unchecked Sendable
{
  // @unchecked Sendable: `element`, `sourceDone` and `stopped` are guarded by `lock`.
  // `@exclusivity(unchecked)`: guarded by `lock` (see ``SerializingCore``).
  /// The source's element since the last sample, if any.
  @usableFromInline @exclusivity(unchecked) final var element: Element?
  @usableFromInline @exclusivity(unchecked) final var sourceDone = false
  /// A stop event was decided: nothing more is queued.
  @usableFromInline @exclusivity(unchecked) final var stopped = false
  @usableFromInline final let defaultValue: Element?

  @usableFromInline
  init(downstream: any CoreDownstream<Element>, defaultValue: Element?) {
    self.defaultValue = defaultValue
    super.init(downstream: downstream)
  }

  /// Subscribes the source, then — unless it already stopped the result — the sampler, under one composite upstream.
  @inlinable
  static func makeRun<SamplerElement>(
    source: Observable<Element>, sampler: Observable<SamplerElement>, defaultValue: SampleDefault<Element>
  ) -> @Sendable (any CoreSubscription<Element>) -> Void {
    { host in
      let core = SampleCore(downstream: host, defaultValue: defaultValue.value)
      host.attach(core)
      let subscriptions = CompositeDisposable()
      host.setUpstream(subscriptions)
      subscriptions.insert(
        source.subscribe(
          AnyObserver<Element> { event in
            switch event {
            case .next(let element): core.onNext(element)
            case .error(let error): core.stop(error)
            case .completed: core.onSourceCompleted()
            }
          }))
      if host.isDisposed { return }
      subscriptions.insert(
        sampler.subscribe(
          AnyObserver<SamplerElement> { event in
            switch event {
            case .next, .completed: core.onSample()
            case .error(let error): core.stop(error)
            }
          }))
    }
  }

  /// The source emitted: `element` replaces the unsampled one, which is released after the lock.
  @inlinable
  final func onNext(_ element: Element) {
    var released: Element? = element
    PlatformLock.lock(lock)
    if !closed && !stopped { swap(&released, &self.element) }
    PlatformLock.unlock(lock)
    withExtendedLifetime(released) {}
  }

  /// The source completed: the result completes at the next sample.
  @inlinable
  final func onSourceCompleted() {
    PlatformLock.lock(lock)
    sourceDone = true
    PlatformLock.unlock(lock)
  }

  /// The sampler ticked: emits the unsampled element (or the default value), then completes if the source has.
  @inlinable
  final func onSample() {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    var sampled: Element? = nil
    swap(&sampled, &element)
    if sampled == nil { sampled = defaultValue }
    let completes = sourceDone
    if completes { stopped = true }
    if let sampled {
      emit(.next(sampled))
      guard completes else { return }
      // `stopped` keeps every other event out meanwhile: the completion follows the element, unless disposed.
      PlatformLock.lock(lock)
      if closed {
        PlatformLock.unlock(lock)
        return
      }
    } else if !completes {
      PlatformLock.unlock(lock)
      return
    }
    emit(.completed)
  }

  /// An error from the source or the sampler: the first stop event is forwarded.
  @inlinable
  final func stop(_ error: any Swift.Error) {
    PlatformLock.lock(lock)
    guard !closed && !stopped else {
      PlatformLock.unlock(lock)
      return
    }
    stopped = true
    emit(.error(error))
  }

  /// Disposal: stops delivering and releases the unsampled element (outside the lock).
  @usableFromInline
  func close() {
    var released: Element? = nil
    PlatformLock.lock(lock)
    closed = true
    swap(&released, &element)
    PlatformLock.unlock(lock)
    withExtendedLifetime(released) {}
  }
}
