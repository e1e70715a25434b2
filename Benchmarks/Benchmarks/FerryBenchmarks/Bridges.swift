import Benchmark
import Ferry

/// The bridges between Ferry streams and Swift Concurrency. Filled in once the bridges are merged into main.
func registerBridges() {}
