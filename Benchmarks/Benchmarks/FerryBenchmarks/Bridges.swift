import Benchmark
import Ferry

/// Combining operators, the UI traits, the async bridges and the traits' `value`.
func registerBridges() {
  registerCombining()
  registerDriver()
  registerValues()
  registerTraits()
  registerAsObservable()
}
