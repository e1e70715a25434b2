// The thread sanitizer's report on a plain `withUnsafeContinuation`, without Ferry: evidence for the one entry in
// scripts/tsan-suppressions.txt (which explains it).
//
//   swiftc -sanitize=thread -g -Onone scripts/tsan-continuation-repro.swift -o /tmp/repro
//   /tmp/repro                # the resume happens before the task awaits: one "data race" report, exit 66
//   /tmp/repro suspendFirst   # the resume happens after the task suspended: no report, exit 0
//   TSAN_OPTIONS=suppressions=$PWD/scripts/tsan-suppressions.txt /tmp/repro   # suppressed: exit 0
//
// In the first run the resume happens on another thread while the awaiting task is still inside the closure
// (before it suspends), so `swift_continuation_await` finds the continuation already resumed and continues
// without the TSan acquire that the runtime performs when it runs a suspended task again.
import Foundation

let resumeFirst = CommandLine.arguments.dropFirst().first != "suspendFirst"

func once() async -> Int {
  await withUnsafeContinuation { (continuation: UnsafeContinuation<Int, Never>) in
    if resumeFirst {
      Thread.detachNewThread { continuation.resume(returning: 42) }
      usleep(50_000)  // no synchronisation TSan can see: the resume happens before this task awaits
    } else {
      Thread.detachNewThread {
        usleep(50_000)  // the task has suspended by now: the resume enqueues it
        continuation.resume(returning: 42)
      }
    }
  }
}

let done = DispatchSemaphore(value: 0)
Task.detached {
  var sum = 0
  for _ in 0..<3 { sum += await once() }
  print("sum", sum)
  done.signal()
}
done.wait()
