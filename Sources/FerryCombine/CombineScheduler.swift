#if FERRY_OPENCOMBINE
import OpenCombine
#elseif canImport(Combine)
import Combine
#endif

#if FERRY_OPENCOMBINE || canImport(Combine)
import Foundation
@_spi(FerryBridges) import Ferry

extension SchedulerType {
  /// This scheduler as a Combine `Scheduler`: Combine operators that take a scheduler (`receive(on:)`,
  /// `subscribe(on:)`, `debounce(for:scheduler:)`, `throttle`, `delay`, `timeout`) run their work here.
  ///
  /// On a virtual-time scheduler (`TestScheduler`, `HistoricalScheduler`) Combine code runs on the same virtual
  /// timeline as Rx code, `TestStore` and async code driven by that scheduler, the replacement for a
  /// combine-schedulers test scheduler:
  ///
  /// ```swift
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let viewModel = SearchViewModel(scheduler: scheduler.asCombineScheduler())
  /// ```
  ///
  /// See ``CombineScheduler`` for how time and durations map.
  public func asCombineScheduler() -> CombineScheduler<Self> {
    CombineScheduler(self)
  }

  /// This scheduler as a Combine `Scheduler` of one type whatever the Ferry scheduler's: the form for a scheduler
  /// held as `any SchedulerType`, and for code that keeps one scheduler type for production and tests (the role of
  /// combine-schedulers' `AnySchedulerOf`):
  ///
  /// ```swift
  /// let rxScheduler: any SchedulerType = TestScheduler(initialClock: 0)
  /// let combineScheduler: CombineScheduler<AnySchedulerType> = rxScheduler.asCombineScheduler()
  /// ```
  ///
  /// On a concrete scheduler, `asCombineScheduler()` without a type annotation keeps the scheduler's own type.
  @_disfavoredOverload
  public func asCombineScheduler() -> CombineScheduler<AnySchedulerType> {
    CombineScheduler(AnySchedulerType(self))
  }
}

/// Any Ferry scheduler as one concrete `SchedulerType`: every call goes to the scheduler it wraps.
///
/// `asCombineScheduler()` presents a scheduler held as `any SchedulerType` through it, since
/// `CombineScheduler<Base>` needs a concrete `Base`. Wrapping one adds a dynamic call per scheduled action, which
/// every Ferry operator already makes (they take `any SchedulerType`).
public struct AnySchedulerType: SchedulerType {
  /// The scheduler every call goes to.
  public let base: any SchedulerType

  /// Wraps `base`; an `AnySchedulerType` is not wrapped a second time.
  public init(_ base: any SchedulerType) {
    self.base = (base as? AnySchedulerType)?.base ?? base
  }

  /// `base`'s time.
  public var now: RxTime { base.now }

  /// Schedules on `base`.
  public func schedule<StateType>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    base.schedule(state, action: action)
  }

  /// Schedules on `base`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    base.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Schedules on `base`.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    base.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}

/// A Ferry scheduler presented as a Combine `Scheduler`.
///
/// - **Time** is the Ferry scheduler's `now`, in nanoseconds since 1970; ``minimumTolerance`` is zero and tolerance
///   is ignored (as on a virtual clock, where it means nothing).
/// - **Work for now** (`schedule(options:_:)`, and work for a time already reached) goes through the Ferry
///   scheduler's `schedule`, exactly as Rx's `observe(on:)` does: on a `TestScheduler` that simulates processing
///   delay it runs one tick later, as in Rx.
/// - **Work for later** goes through `scheduleRelative(_:dueTime:)` with the distance from `now` in nanoseconds, so
///   a Combine duration maps to virtual time through the scheduler's converter exactly as the same Rx duration does
///   (`.seconds(3)` on a `TestScheduler(resolution: 0.1)` is 30 ticks); actions due at the same time run in the
///   order they were scheduled, interleaved with Rx's.
/// - **Repeating work** goes through `schedulePeriodic`.
///
/// So one marble diagram gives the same timeline through Combine's `debounce` / `receive(on:)` as through Rx's
/// `debounce` / `observe(on:)`.
public struct CombineScheduler<Base: SchedulerType>: Scheduler, Sendable {
  /// The Ferry scheduler that runs the work.
  public let base: Base

  /// Presents `base` as a Combine scheduler.
  public init(_ base: Base) {
    self.base = base
  }

  /// No options.
  public typealias SchedulerOptions = Never

  /// The scheduler's current time (its `now`).
  public var now: SchedulerTimeType { SchedulerTimeType(base.now) }

  /// Zero: actions run at the time they are scheduled for.
  public var minimumTolerance: SchedulerTimeType.Stride { .zero }

  /// Runs `action` as soon as possible: through the Ferry scheduler's `schedule`.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = ActionBox(action)
    _ = base.schedule(()) { _ in
      action.run()
      return Disposables.create()
    }
  }

  /// Runs `action` at `date` (at once, as ``schedule(options:_:)``, if `date` is not in the future).
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    _ = scheduleAfter(date, ActionBox(action))
  }

  /// Runs `action` at `date`, then every `interval`, until the returned `Cancellable` is cancelled.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    bridgeRequireArgument(
      interval.nanoseconds > 0,
      "CombineScheduler.schedule(after:interval:): the interval must be positive, got \(interval.nanoseconds) ns"
    )
    let action = ActionBox(action)
    let delay = Swift.max(0, now.distance(to: date).nanoseconds)
    let disposable = base.schedulePeriodic(
      (), startAfter: .nanoseconds(Self.clamped(delay)), period: .nanoseconds(Self.clamped(interval.nanoseconds))
    ) { _ in action.run() }
    return AnyCancellable { disposable.dispose() }
  }

  private func scheduleAfter(_ date: SchedulerTimeType, _ action: ActionBox) -> any Disposable {
    let delay = now.distance(to: date).nanoseconds
    guard delay > 0 else {
      return base.schedule(()) { _ in
        action.run()
        return Disposables.create()
      }
    }
    return base.scheduleRelative((), dueTime: .nanoseconds(Self.clamped(delay))) { _ in
      action.run()
      return Disposables.create()
    }
  }

  /// `DispatchTimeInterval.nanoseconds` takes an `Int`; distances are `Int64`.
  static func clamped(_ nanoseconds: Int64) -> Int {
    Int(clamping: nanoseconds)
  }
}

extension CombineScheduler {
  /// A point in the scheduler's time: nanoseconds since 1970 (the Ferry scheduler's `now` as a `Date`).
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// Nanoseconds since 00:00:00 UTC on 1 January 1970.
    public let nanosecondsSince1970: Int64

    /// The time `date` names.
    public init(_ date: Date) {
      let nanoseconds = (date.timeIntervalSince1970 * 1e9).rounded()
      self.nanosecondsSince1970 = nanoseconds >= 9.2e18 ? .max : nanoseconds <= -9.2e18 ? .min : Int64(nanoseconds)
    }

    /// The time `nanosecondsSince1970` nanoseconds after 1970.
    public init(nanosecondsSince1970: Int64) {
      self.nanosecondsSince1970 = nanosecondsSince1970
    }

    /// The time as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(nanosecondsSince1970) / 1e9) }

    /// The interval from `self` to `other`, saturating at the bounds of `Int64` nanoseconds.
    public func distance(to other: Self) -> Stride {
      Stride(nanoseconds: other.nanosecondsSince1970.subtractingSaturating(nanosecondsSince1970))
    }

    /// `self` moved by `n`, saturating at the bounds of `Int64` nanoseconds.
    public func advanced(by n: Stride) -> Self {
      Self(nanosecondsSince1970: nanosecondsSince1970.addingSaturating(n.nanoseconds))
    }

    /// An interval of the scheduler's time, in nanoseconds.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable {
      /// The interval in nanoseconds.
      public var nanoseconds: Int64

      /// An interval of `nanoseconds` nanoseconds.
      public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
      }

      /// The interval in seconds.
      public var timeInterval: Double { Double(nanoseconds) / 1e9 }

      /// `value` seconds.
      public static func seconds(_ value: Int) -> Self {
        Self(nanoseconds: Int64(value).multipliedSaturating(1_000_000_000))
      }

      /// `value` seconds, rounded to the nearest nanosecond.
      public static func seconds(_ value: Double) -> Self {
        let nanoseconds = (value * 1e9).rounded()
        bridgeRequireArgument(
          !nanoseconds.isNaN, "CombineScheduler.SchedulerTimeType.Stride.seconds(_:): NaN is not an interval")
        return Self(nanoseconds: nanoseconds >= 9.2e18 ? .max : nanoseconds <= -9.2e18 ? .min : Int64(nanoseconds))
      }

      /// `value` milliseconds.
      public static func milliseconds(_ value: Int) -> Self {
        Self(nanoseconds: Int64(value).multipliedSaturating(1_000_000))
      }

      /// `value` microseconds.
      public static func microseconds(_ value: Int) -> Self {
        Self(nanoseconds: Int64(value).multipliedSaturating(1_000))
      }

      /// `value` nanoseconds.
      public static func nanoseconds(_ value: Int) -> Self { Self(nanoseconds: Int64(value)) }

      /// `value` seconds.
      public init(integerLiteral value: Int64) {
        self = .seconds(Int(value))
      }

      /// `source` seconds, if representable in nanoseconds.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int64(exactly: source) else { return nil }
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return nil }
        self.init(nanoseconds: nanoseconds)
      }

      /// The absolute value.
      public var magnitude: Self {
        Self(nanoseconds: nanoseconds.magnitude >= UInt64(Int64.max) ? .max : abs(nanoseconds))
      }

      /// Zero.
      public static var zero: Self { Self(nanoseconds: 0) }

      /// Whether `lhs` is shorter than `rhs`.
      public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

      /// The sum, saturating.
      public static func + (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: lhs.nanoseconds.addingSaturating(rhs.nanoseconds))
      }

      /// The difference, saturating.
      public static func - (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: lhs.nanoseconds.subtractingSaturating(rhs.nanoseconds))
      }

      /// The interval scaled by `rhs`'s number of seconds, saturating.
      public static func * (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: lhs.nanoseconds.multipliedSaturating(rhs.nanoseconds / 1_000_000_000))
      }

      /// Adds `rhs` to `lhs`.
      public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }

      /// Subtracts `rhs` from `lhs`.
      public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }

      /// Scales `lhs` by `rhs`'s number of seconds.
      public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
    }
  }
}

extension Int64 {
  fileprivate func addingSaturating(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  fileprivate func subtractingSaturating(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }

  fileprivate func multipliedSaturating(_ other: Int64) -> Int64 {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
  }
}

/// A Combine scheduler action carried into a Ferry scheduler's `@Sendable` action.
struct ActionBox: @unchecked Sendable {
  // @unchecked Sendable: combine hands a scheduler non-`Sendable` actions to run on the scheduler's own context, which
  // is what every Combine scheduler does (`DispatchQueue`'s included); the action is run, never mutated.
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
#endif
