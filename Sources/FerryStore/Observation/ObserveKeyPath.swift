import Ferry
import Observation

extension Infallible {
  /// The value at `keyPath` of an `@Observable` object, now and after every change: the Observation counterpart of
  /// RxCocoa's `rx.observe(_:)`, for iOS 17 / macOS 14 (the standard library's `Observations` needs newer systems).
  ///
  /// ```swift
  /// Infallible.observe(model, \.count)
  ///   .distinctUntilChanged()
  ///   .subscribe(onNext: { print($0) })
  ///   .disposed(by: disposeBag)
  ///
  /// for await count in Infallible.observe(model, \.count).values { … }
  /// ```
  ///
  /// - **Current value first.** Each subscription reads the value when it subscribes and emits it at once, then the
  ///   value after each change. A subscription made off the main actor reads (and emits) after a hop to it.
  /// - **On the main actor.** Every read — and so every element — happens on the main actor: the object is expected
  ///   to be a main-actor object (a store, a view model) mutated there. A mutation made on another thread may be
  ///   read before it completes and so be missed.
  /// - **Coalesced.** Observation reports a change from the property's `willSet`, before the new value is stored;
  ///   the sequence re-reads the value in a main-actor task scheduled then. Every change made before that task
  ///   runs — for instance several assignments in one synchronous main-actor function — produces **one** element,
  ///   the value at that moment. For every committed value, synchronously, use a store's `Driver` adapters.
  /// - **No implicit de-duplication.** A change that leaves an equal value (or an assignment of the same value,
  ///   when the `@Observable` macro reports it) emits it again: chain `distinctUntilChanged()`, as with RxSwift.
  /// - **Nested paths.** Every observable property read along `keyPath` (`\.profile.name`) is tracked.
  /// - **Lifetime.** The object is held weakly: observing never keeps it alive. Disposing the subscription (or
  ///   ending a `for await` loop over `values`, or cancelling its task) stops tracking at once; the next change
  ///   reads nothing. If a change finds the object deallocated, the sequence completes; an object released with no
  ///   change pending leaves the sequence silent until it is disposed (Observation on iOS 17 does not report
  ///   deallocation).
  ///
  /// The object is only ever touched on the main actor, which is why this must be called there: it may be a
  /// non-`Sendable` `@Observable` class confined to the main actor.
  @MainActor
  public static func observe<Root: AnyObject & Observation.Observable>(
    _ object: Root, _ keyPath: KeyPath<Root, Element>
  ) -> Infallible<Element> {
    let target = ObservedKeyPath(root: object, keyPath: keyPath)
    return Infallible.create { observer in
      let tracker = KeyPathTracker(target: target, observer: observer)
      tracker.start()
      return tracker
    }
  }
}

extension Ferry.Observable {
  /// The value at `keyPath` of an `@Observable` object, now and after every change (never fails).
  ///
  /// The same sequence as `Infallible.observe(_:_:)`, which documents the semantics: current value first,
  /// read on the main actor, changes before the re-read coalesced into one element, no implicit de-duplication,
  /// the object held weakly and tracking stopped on disposal.
  @MainActor
  public static func observe<Root: AnyObject & Observation.Observable>(
    _ object: Root, _ keyPath: KeyPath<Root, Element>
  ) -> Ferry.Observable<Element> {
    Infallible.observe(object, keyPath).asObservable()
  }
}

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
  /// The value at `keyPath` of an `@Observable` object as a `Driver`, for a view controller's bindings.
  ///
  /// ```swift
  /// Driver.observe(model, \.title).drive(titleLabel.rx.text).disposed(by: disposeBag)
  /// ```
  ///
  /// The elements of `Infallible.observe(_:_:)` (current value first, changes coalesced until the re-read on
  /// the main actor, no implicit de-duplication, the object held weakly), shared as a `Driver`: one tracking for all
  /// subscribers, the latest value replayed to a new one, delivered on the main actor.
  @MainActor
  public static func observe<Root: AnyObject & Observation.Observable>(
    _ object: Root, _ keyPath: KeyPath<Root, Element>
  ) -> Driver<Element> {
    Infallible.observe(object, keyPath).asDriver(onErrorDriveWith: .empty())
  }
}
