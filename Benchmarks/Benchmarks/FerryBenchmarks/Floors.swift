import Benchmark
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The cheapest possible delivery of an element (a call through a closure) and the cheapest synchronisation
/// (an uncontended lock round-trip): every Ferry hot path is compared with these.
func registerFloors() {
  Benchmark("Floor.closureCall") { benchmark in
    let counter = Counter()
    let deliver = makeDeliver(counter)
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations { deliver(element) }
    benchmark.stopMeasurement()
    blackHole(counter.value)
  }

  Benchmark("Floor.lockRoundTrip.NSLock") { benchmark in
    let counter = Counter()
    let lock = opaque(NSLock())
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations {
      lock.lock()
      counter.value &+= element
      lock.unlock()
    }
    benchmark.stopMeasurement()
    blackHole(counter.value)
  }

  #if !canImport(Darwin)
  // Ferry's own `LockedState` uses a pthread mutex on Linux (os_unfair_lock on Darwin).
  Benchmark("Floor.lockRoundTrip.pthread") { benchmark in
    let counter = Counter()
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    defer {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }
    benchmark.startMeasurement()
    for element in benchmark.scaledIterations {
      pthread_mutex_lock(mutex)
      counter.value &+= element
      pthread_mutex_unlock(mutex)
    }
    benchmark.stopMeasurement()
    blackHole(counter.value)
  }
  #endif
}

/// The same body as the `onNext` handlers of the Core cases, behind a call the optimiser cannot see through.
@inline(never)
func makeDeliver(_ counter: Counter) -> @Sendable (Int) -> Void {
  let deliver: @Sendable (Int) -> Void = { counter.value &+= $0 }
  return opaque(deliver)
}
