import Benchmark
import Foundation

/// Shared settings of the suite.
enum Suite {
  /// Elements per iteration; matches `scalingFactor: .kilo`.
  static let elements = 1000

  static var quick: Bool { ProcessInfo.processInfo.environment["FERRY_BENCH_QUICK"] != nil }

  static var configuration: Benchmark.Configuration {
    .init(
      metrics: [.wallClock, .mallocCountTotal],
      warmupIterations: quick ? 2 : 5,
      scalingFactor: .kilo,
      maxDuration: quick ? .milliseconds(100) : .milliseconds(400),
      maxIterations: quick ? 10 : 2000,
      // Malloc counts are deterministic, so the CI threshold check allows no change at all on them.
      thresholds: [.mallocCountTotal: .init(relative: [:], absolute: [.p90: 0])]
    )
  }

  /// For cases whose allocation count depends on scheduling (tasks, continuations, a second thread): the
  /// threshold check tolerates `slack` mallocs per iteration (of `elements` elements) above the stored value.
  static func configuration(mallocSlack slack: Int) -> Benchmark.Configuration {
    var configuration = self.configuration
    configuration.thresholds = [.mallocCountTotal: .init(relative: [:], absolute: [.p90: slack])]
    return configuration
  }
}

/// A sum the measured closures write to, so the optimiser cannot drop the work.
///
/// `@unchecked Sendable`: each benchmark writes it from one thread at a time (the delivering thread), and reads
/// it only after delivery has finished.
final class Counter: @unchecked Sendable {
  var value = 0
}

/// Carries a `Benchmark` into a main-actor closure that starts and stops its clock (the task that owns it waits).
struct UncheckedSendableBenchmark: @unchecked Sendable {
  let benchmark: Benchmark
  init(_ benchmark: Benchmark) { self.benchmark = benchmark }
}

/// Hides a value from the optimiser (so a closure call stays an indirect call, as it is for an observer).
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// 0 + 1 + … + (count - 1): the sum of the elements one iteration sends.
func triangle(_ count: Int) -> Int { count * (count - 1) / 2 }

/// Fails the benchmark when the elements did not all arrive (a broken path must not look fast).
func expect(_ actual: Int, _ expected: Int, _ benchmark: Benchmark) {
  if actual != expected {
    benchmark.error("expected a sum of \(expected), got \(actual): elements were lost")
  }
}
