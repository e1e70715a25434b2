import Benchmark

/// Every case processes `Suite.elements` elements per iteration (`scalingFactor: .kilo`), so a reported
/// per-iteration figure divided by 1000 is the cost of one element. Setup (creating relays, subscribing) and
/// teardown (disposing) happen outside `startMeasurement()` / `stopMeasurement()`.
///
/// `FERRY_BENCH_QUICK=1` (used by `ci-check.sh`) keeps only a few iterations per case: enough for the
/// deterministic malloc counts, far too few for meaningful timings.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = Suite.configuration
  registerFloors()
  registerCore()
  registerPeers()
  registerAsyncToStreams()
  registerBridges()
  registerStore()
  registerCombine()
}
