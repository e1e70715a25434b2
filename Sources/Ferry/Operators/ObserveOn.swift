extension ObservableType {
  /// Delivers every event on `scheduler`, one at a time and in order.
  ///
  /// Events are queued and delivered by one scheduled action at a time, so the observer is never re-entered
  /// even on a concurrent scheduler. Disposing the subscription stops pending deliveries at once (when done on
  /// the delivering thread) and drops the queue. With `MainScheduler.instance`, an event sent on the main thread
  /// while nothing is queued is delivered synchronously, without scheduling or allocating; one sent re-entrantly
  /// from inside a delivery is delivered in a later main-queue block, as RxSwift's `MainScheduler` does.
  @inlinable
  public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    // `passThroughStep` is referenced here so that the client specialises it (see `EventStep`).
    ObserveOnObservable(source: asObservable(), scheduler: scheduler, step: passThroughStep)
  }

  /// The RxSwift 5 name of ``observe(on:)``.
  @available(*, deprecated, renamed: "observe(on:)")
  public func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    observe(on: scheduler)
  }
}

extension Observable {
  /// Delivers events synchronously when they arrive on the main queue and hops to the main queue otherwise,
  /// preserving order. Used by `drive`/`emit` so that their `@MainActor` handlers never run off the main actor,
  /// even for elements emitted on a background thread at subscription time (`startWith`), by a mocked sharing
  /// scheduler, or by a background subscriber's replay of the shared subject. On the common path (a Driver's own
  /// `observe(on:)` delivered on the main queue) it is a check, not a stage: one queue check and one load.
  @inlinable
  func ensuringMainQueue() -> Observable<Element> {
    ObserveOnObservable(
      source: self, scheduler: MainScheduler.instance, step: passThroughStep, alwaysInlineOnMainQueue: true)
  }
}

/// When an `observe(on:)` sink may deliver on the calling thread instead of scheduling.
enum ObserveOnInlining {
  /// Never: always schedule.
  case never
  /// `MainScheduler.instance` semantics: on the main queue, unless another main-scheduler action is running.
  case mainScheduler(MainScheduler)
  /// Whenever on the main queue.
  case mainQueue
}

@usableFromInline
final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {
  // @unchecked Sendable: only immutable configuration (`let`s of Sendable or immutable values).
  let source: Observable<Element>
  let scheduler: any ImmediateSchedulerType
  let inlining: ObserveOnInlining
  /// Classifies an event for delivery; built where the element type is concrete (see ``EventStep``).
  let step: @Sendable (Event<Element>) -> EventStep

  @usableFromInline
  init(
    source: Observable<Element>,
    scheduler: any ImmediateSchedulerType,
    step: @escaping @Sendable (Event<Element>) -> EventStep,
    alwaysInlineOnMainQueue: Bool = false
  ) {
    self.source = source
    self.scheduler = scheduler
    self.step = step
    if alwaysInlineOnMainQueue {
      inlining = .mainQueue
    } else if let main = scheduler as? MainScheduler {
      inlining = .mainScheduler(main)
    } else {
      inlining = .never
    }
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let sink = ObserveOnSink(observer: observer, scheduler: scheduler, inlining: inlining, step: step)
    sink.setUpstream(source.subscribe(sink))
    return sink
  }
}

/// Queues upstream events and delivers them on the scheduler, through the serial-delivery engine.
///
/// The main-queue stages (`observe(on: MainScheduler)`, and the check `drive`/`emit` make) have a fast path: an
/// event sent on the main queue while nothing of this sink is queued or being delivered is delivered at once on the
/// calling thread — one cheap queue check (``MainScheduler/isOnMainQueueFast``) and one atomic load, no
/// read-modify-write, lock, queue or allocation. Every other event (from another thread, a re-entrant send,
/// anything with events queued ahead of it) is queued in `delivery` and delivered by scheduled actions. A main-queue
/// action delivers at most ``SerialDelivery/mainQueueBatch`` events, then keeps the role and continues in a new
/// main-queue block, so the main queue runs other work in between.
///
/// Why a load suffices (the invariants): upstream `on(_:)` calls never overlap (the Rx grammar), and the scheduled
/// deliveries run on the main queue, which is serial; so while an `on(_:)` runs on the main queue nothing else
/// touches this sink's delivery. `outstanding` is raised (before queueing) by every event that is queued and lowered
/// after it is delivered, so reading 0 there means nothing is queued or in flight and an inline delivery overtakes
/// nothing. A re-entrant send (from inside an inline delivery) finds the in-delivery flag set — `deliveringInline`,
/// or for `MainScheduler` semantics the scheduler's own `executing` word — and is queued for a later main-queue
/// block, as RxSwift's `MainScheduler` defers it. No `SerialDelivery.enter()` is needed inline: the mark only decides
/// whether a send may wait for an emitter role (`SerialDelivery.callerMayWait`), and the main thread's sends are
/// treated as marked anyway.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // @unchecked Sendable: the queue and the scheduled emitter role are in `delivery` (a `SerialDeliveryStorage`, behind
  // its lock); `outstanding` is an atomic word; `deliveringInline` is only read and written on the main queue (after
  // the main-queue check); the pending scheduled action is in `scheduled` (a `SerialDisposable`); the rest is
  // immutable.
  typealias Element = Observer.Element

  let scheduler: any ImmediateSchedulerType
  let inlining: ObserveOnInlining
  let delivery = SerialDeliveryStorage<Event<Element>>()
  /// Main-queue stages: events accepted and not yet delivered (queued, or being delivered inline).
  let outstanding = AtomicWord.make()
  /// `.mainScheduler` only: the scheduler's "an action runs" word (main-queue-only writes; see `MainScheduler`).
  let mainExecuting: AtomicWord?
  /// `.mainQueue` only: an event is being delivered inline (main queue only; makes a re-entrant send queue).
  var deliveringInline = false
  let scheduled = SerialDisposable()
  let step: @Sendable (Event<Element>) -> EventStep

  init(
    observer: Observer,
    scheduler: any ImmediateSchedulerType,
    inlining: ObserveOnInlining,
    step: @escaping @Sendable (Event<Element>) -> EventStep
  ) {
    self.scheduler = scheduler
    self.inlining = inlining
    if case .mainScheduler(let main) = inlining {
      mainExecuting = main.executing
    } else {
      mainExecuting = nil
    }
    self.step = step
    super.init(observer: observer)
  }

  func on(_ event: Event<Element>) {
    switch inlining {
    case .never:
      if delivery.sendDeferred(event) { scheduleDrain() }
      return
    case .mainScheduler:
      // `MainScheduler.instance` semantics: inline only while no action of the same scheduler runs (its
      // `executing` word, main-queue-only, also defers re-entrant sends). Read through `mainExecuting`, not the
      // enum payload: binding the payload retains and releases the scheduler on every element.
      if MainScheduler.isOnMainQueueFast && mainExecuting.unsafelyUnwrapped.load() == 0 && outstanding.load() == 0 {
        mainExecuting.unsafelyUnwrapped.store(1)
        apply(step(event), to: event)
        mainExecuting.unsafelyUnwrapped.store(0)
        return
      }
    case .mainQueue:
      if MainScheduler.isOnMainQueueFast && outstanding.load() == 0 && !deliveringInline {
        deliveringInline = true
        apply(step(event), to: event)
        deliveringInline = false
        return
      }
    }
    // Another thread, re-entrant, or behind queued events: queue it; the first to queue schedules the delivery.
    _ = outstanding.fetchAdd(1)
    if delivery.sendDeferred(event) { scheduleDrain() }
  }

  /// Schedules the emitter's next batch. A batch that continues a main-queue delivery goes through
  /// `MainScheduler.asyncInstance`, so that it never runs inline on the main queue (which would not hand it back).
  private func scheduleDrain() {
    if case .never = inlining {
      // One event per action: the next action may run on another thread, and schedule the one after it, before
      // `schedule` returns here. So its slot is put in `scheduled` first (replacing a slot disposes the previous
      // action, which has run).
      let slot = SingleAssignmentDisposable()
      scheduled.disposable = slot
      slot.setDisposable(
        scheduler.schedule(self) { sink in
          SerialDelivery.enter()
          sink.drain()
          SerialDelivery.exit()
          return Disposables.create()
        })
      return
    }
    let target: any ImmediateSchedulerType = MainScheduler.asyncInstance
    // Replacing the previous scheduled action disposes it: it has already run (only the emitter schedules, once
    // per batch). After disposal the new one is disposed at once.
    scheduled.disposable = target.schedule(self) { sink in
      SerialDelivery.enter()
      sink.drain()
      SerialDelivery.exit()
      return Disposables.create()
    }
  }

  /// Delivers at most one batch of queued events as the emitter; gives the role up when the queue is empty, or
  /// keeps it and schedules the next batch.
  ///
  /// On a scheduler other than the main queue the batch is one event, as RxSwift's `observe(on:)` pumps through
  /// `scheduleRecursive`: each further event is scheduled anew, so on a `TestScheduler` (with its processing delay)
  /// events that arrive together are delivered one virtual tick apart (`Single.just(1).observe(on:)` succeeds at
  /// 201 and completes at 202), and work scheduled meanwhile runs in between.
  func drain() {
    if case .never = inlining {
      guard !isDisposed, let next = delivery.next() else { return }
      apply(step(next), to: next)
      if delivery.keepRoleIfQueued() { scheduleDrain() }
      return
    }
    for _ in 0..<SerialDelivery.mainQueueBatch {
      guard !isDisposed, let next = delivery.next() else { return }
      apply(step(next), to: next)
      _ = outstanding.fetchAdd(-1)
    }
    scheduleDrain()
  }

  override func disposeResources() {
    scheduled.dispose()
    // Queued events are released after the lock (inside `close()`).
    delivery.close()
  }
}
