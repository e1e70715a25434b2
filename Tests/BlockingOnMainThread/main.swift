// Not part of any target: `scripts/blocking-main-thread-check.sh` compiles and runs this on the process's main
// thread, where `toBlocking()` must run the main run loop (as RxBlocking does) so that work scheduled on the
// main queue completes instead of timing out.
import Ferry
import FerryTesting
import Foundation

precondition(Thread.isMainThread)
let value = try Observable.just(1).observe(on: MainScheduler.asyncInstance).map { $0 + 1 }
  .toBlocking(timeout: 10).first()
precondition(value == 2, "observe(on: MainScheduler.asyncInstance): \(String(describing: value))")
let driven = try BehaviorRelay(value: "d").asDriver().asObservable().take(1).toBlocking(timeout: 10).toArray()
precondition(driven == ["d"], "Driver: \(driven)")
let ticks = try Observable<Int>.timer(.milliseconds(10), scheduler: MainScheduler.instance).toBlocking(timeout: 10)
  .toArray()
precondition(ticks == [0], "timer on MainScheduler: \(ticks)")
print("blocking-main-thread-check: toBlocking() on the main thread runs the main run loop")
