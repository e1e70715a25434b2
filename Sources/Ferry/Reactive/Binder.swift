import Foundation

/// An observer that binds elements to a target object: it holds the target weakly, never binds after the target
/// is gone, ignores completion, and delivers on the main thread unless given another scheduler.
///
/// ```swift
/// extension Reactive where Base: UILabel {
///   var text: Binder<String?> { Binder(base) { label, text in label.text = text } }
/// }
/// state.map(\.title).bind(to: label.rx.text)
/// ```
///
/// Differs from RxSwift in that the main-thread binding closure is `@MainActor` (so it may touch UI objects in
/// Swift 6), and in that an error is reported to ``Hooks/defaultErrorHandler`` instead of trapping in debug
/// builds. On the main thread an element is bound synchronously, unless earlier elements of the same binder are
/// still queued for the main queue (they are bound first, in order); from another thread it is bound
/// asynchronously on the main queue.
public struct Binder<Value>: ObserverType {
  /// The element type.
  public typealias Element = Value

  private let binding: @Sendable (Event<Value>) -> Void

  /// Creates a binder that calls `binding` with the target and each element on the main actor.
  @preconcurrency
  public init<Target: AnyObject>(_ target: Target, binding: @escaping @MainActor (Target, Value) -> Void) {
    let weak = WeakReference(target)
    let handler = MainActorHandler(binding)
    let delivery = MainQueueOrderedDelivery()
    self.binding = { event in
      switch event {
      case .next(let element):
        let element = UncheckedBox(element)
        delivery.perform {
          if let target = weak.object { handler.body(target, element.value) }
        }
      case .error(let error):
        Hooks.unhandledError(error)
      case .completed:
        break
      }
    }
  }

  /// Creates a binder that calls `binding` with the target and each element on `scheduler`.
  @preconcurrency
  public init<Target: AnyObject>(
    _ target: Target,
    scheduler: any ImmediateSchedulerType,
    binding: @escaping @Sendable (Target, Value) -> Void
  ) {
    let weak = WeakReference(target)
    self.binding = { event in
      switch event {
      case .next(let element):
        _ = scheduler.schedule(element) { element in
          if let target = weak.object { binding(target, element) }
          return Disposables.create()
        }
      case .error(let error):
        Hooks.unhandledError(error)
      case .completed:
        break
      }
    }
  }

  /// Binds a `next` element; ignores completion; reports an error to ``Hooks/defaultErrorHandler``.
  public func on(_ event: Event<Value>) {
    binding(event)
  }
}

/// Runs work on the main actor in the order it was submitted: inline when submitted on the main queue with
/// nothing queued, otherwise asynchronously on the main queue (RxSwift's per-instance `MainScheduler()`).
final class MainQueueOrderedDelivery: Sendable {
  /// How many submitted actions have not finished yet.
  private let pending = LockedState(0)

  func perform(_ body: @escaping @Sendable @MainActor () -> Void) {
    let onMain = MainScheduler.isOnMainQueue
    let runInline = pending.withLock { count in
      count += 1
      return onMain && count == 1
    }
    if runInline {
      MainActor.assumeIsolated { body() }
      pending.withLock { $0 -= 1 }
    } else {
      DispatchQueue.main.async { [pending] in
        MainActor.assumeIsolated { body() }
        pending.withLock { $0 -= 1 }
      }
    }
  }
}
