import Benchmark
import Ferry

/// The cases that need APIs merged into main after the core: combining operators, then (once merged) the UI
/// traits, the async bridges and the traits' `value`. See Benchmarks/README.md for the ones still missing.
func registerBridges() {
  registerCombining()
}
