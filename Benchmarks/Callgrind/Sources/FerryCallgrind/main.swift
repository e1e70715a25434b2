import Dispatch
import Ferry
import Foundation

// Usage: FerryCallgrind <case> <elements>
//
// Runs one hot path <elements> times after its set-up. `Benchmarks/callgrind-check.sh` runs each case twice (N and
// 2N elements) under callgrind and divides the difference by N: set-up, tear-down and process start cancel out,
// leaving the instructions per element.

/// Keeps results observable so the optimiser cannot drop the work.
final class Accumulator: @unchecked Sendable {
  // `@unchecked Sendable`: only touched by the thread that runs the case (the main thread).
  var total = 0
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: FerryCallgrind <case> <elements>\n".utf8))
  exit(2)
}
let name = arguments[1]
let sink = Accumulator()

func run() {
  switch name {
  case "relay.1sub":
    let relay = PublishRelay<Int>()
    let subscription = relay.subscribe(onNext: { sink.total &+= $0 })
    for index in 0..<count { relay.accept(index) }
    subscription.dispose()
  case "relay.10sub":
    let relay = PublishRelay<Int>()
    let subscriptions = (0..<10).map { _ in relay.subscribe(onNext: { sink.total &+= $0 }) }
    for index in 0..<count { relay.accept(index) }
    subscriptions.forEach { $0.dispose() }
  case "relay.map.filter.distinct":
    let relay = BehaviorRelay(value: 0)
    let subscription = relay.map { $0 &* 2 }.filter { $0 % 3 != 1 }.distinctUntilChanged()
      .subscribe(onNext: { sink.total &+= $0 })
    for index in 0..<count { relay.accept(index) }
    subscription.dispose()
  case "combineLatest":
    let first = PublishRelay<Int>()
    let second = PublishRelay<Int>()
    let subscription = Observable.combineLatest(first.asObservable(), second.asObservable()) { $0 &+ $1 }
      .subscribe(onNext: { sink.total &+= $0 })
    second.accept(1)
    for index in 0..<count { first.accept(index) }
    subscription.dispose()
  case "zip":
    // Alternating sources: every second element completes a pair.
    let first = PublishRelay<Int>()
    let second = PublishRelay<Int>()
    let subscription = Observable.zip(first.asObservable(), second.asObservable()) { $0 &+ $1 }
      .subscribe(onNext: { sink.total &+= $0 })
    for index in 0..<count {
      if index & 1 == 0 { first.accept(index) } else { second.accept(index) }
    }
    subscription.dispose()
  case "flatMapLatest":
    let relay = PublishRelay<Int>()
    let subscription = relay.flatMapLatest { Observable.just($0) }.subscribe(onNext: { sink.total &+= $0 })
    for index in 0..<count { relay.accept(index) }
    subscription.dispose()
  case "driver":
    let relay = BehaviorRelay(value: 0)
    let subscription = MainActor.assumeIsolated { relay.asDriver().drive(onNext: { sink.total &+= $0 }) }
    for index in 0..<count { relay.accept(index) }
    subscription.dispose()
  default:
    FileHandle.standardError.write(Data("FerryCallgrind: unknown case \(name)\n".utf8))
    exit(2)
  }
}

if name == "driver" {
  // Driver delivery is measured on the main queue; `RunLoop.main` drains it (valgrind 3.19 crashes in the signal
  // thread that `dispatchMain()` starts).
  DispatchQueue.main.async {
    run()
    print(sink.total)
    exit(0)
  }
  RunLoop.main.run()
} else {
  run()
  print(sink.total)
}
