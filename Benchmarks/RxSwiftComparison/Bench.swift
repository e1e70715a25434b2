import Dispatch
import Foundation

// One benchmark source, compiled once against Ferry and once against RxSwift 6.10.2 (with `-D RX`): the
// side-by-side figures in Docs/Benchmarks.md. See README.md here; nothing in this repository builds RxSwift.
//
// Usage: Bench time <case>               median ns per element over rounds of 1000 elements (one number)
//        Bench count <case> <elements>   runs the case once over <elements> (callgrind with N and 2N elements)
//        Bench contended <producers> <elements per producer> <subscriber ns>
//                                        producers on their own threads send into one PublishRelay whose subscriber
//                                        spins for <subscriber ns> per element: elements per second, the median of
//                                        5 rounds (one number)
#if RX
import RxSwift
import RxRelay
import RxCocoa
#else
import Ferry
#endif

final class Accumulator: @unchecked Sendable { var total = 0 }
let sink = Accumulator()

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// A sync case: set-up returns (body(count), teardown).
func syncCase(_ name: String) -> ((Int) -> Void, () -> Void)? {
  switch name {
  case "relay.1sub":
    let relay = PublishRelay<Int>()
    let s = relay.subscribe(onNext: { sink.total &+= $0 })
    return ({ n in for i in 0..<n { relay.accept(i) } }, { s.dispose() })
  case "relay.10sub":
    let relay = PublishRelay<Int>()
    let subs = (0..<10).map { _ in relay.subscribe(onNext: { sink.total &+= $0 }) }
    return ({ n in for i in 0..<n { relay.accept(i) } }, { subs.forEach { $0.dispose() } })
  case "relay.map.filter.distinct":
    let relay = BehaviorRelay(value: 0)
    let s = relay.map { $0 &* 2 }.filter { $0 % 3 != 1 }.distinctUntilChanged()
      .subscribe(onNext: { sink.total &+= $0 })
    return ({ n in for i in 0..<n { relay.accept(i) } }, { s.dispose() })
  case "combineLatest":
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let s = Observable.combineLatest(a.asObservable(), b.asObservable()) { $0 &+ $1 }
      .subscribe(onNext: { sink.total &+= $0 })
    // Alternating accepts, as the benchmark suite's case.
    return ({ n in for i in 0..<n { if i & 1 == 0 { a.accept(i) } else { b.accept(i) } } }, { s.dispose() })
  case "zip":
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let s = Observable.zip(a.asObservable(), b.asObservable()) { $0 &+ $1 }
      .subscribe(onNext: { sink.total &+= $0 })
    return ({ n in for i in 0..<n { if i & 1 == 0 { a.accept(i) } else { b.accept(i) } } }, { s.dispose() })
  case "flatMapLatest":
    let relay = PublishRelay<Int>()
    let s = relay.flatMapLatest { Observable.just($0) }.subscribe(onNext: { sink.total &+= $0 })
    return ({ n in for i in 0..<n { relay.accept(i) } }, { s.dispose() })
  case "driver":
    let relay = BehaviorRelay(value: 0)
    let s = MainActor.assumeIsolated { relay.asDriver().drive(onNext: { sink.total &+= $0 }) }
    return ({ n in for i in 0..<n { relay.accept(i) } }, { s.dispose() })
  case "merge":
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let s = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { sink.total &+= $0 })
    return ({ n in for i in 0..<n { a.accept(i) } }, { s.dispose() })
  case "withLatestFrom":
    let trigger = PublishRelay<Int>()
    let latest = BehaviorRelay(value: 1)
    let s = trigger.withLatestFrom(latest) { $0 &+ $1 }.subscribe(onNext: { sink.total &+= $0 })
    return ({ n in for i in 0..<n { trigger.accept(i) } }, { s.dispose() })
  case "state.command":
    // A view model's command on its own state type: read the state relay, accept the next state; a Driver bound.
    let relay = BehaviorRelay(value: ScreenState())
    let s = MainActor.assumeIsolated { relay.asDriver().drive(onNext: { sink.total &+= $0.revision }) }
    return (
      { n in
        for i in 0..<n {
          var state = relay.value
          state.revision = i
          relay.accept(state)
        }
      }, { s.dispose() }
    )
  case "state.bind.relay":
    let source = PublishRelay<ScreenState>()
    let target = BehaviorRelay(value: ScreenState())
    let s = source.bind(to: target)
    return ({ n in for i in 0..<n { source.accept(ScreenState(revision: i, total: 0)) } }, { s.dispose() })
  case "state.asDriver.onErrorDriveWith":
    let relay = PublishRelay<ScreenState>()
    let s = MainActor.assumeIsolated {
      relay.asObservable().asDriver(onErrorDriveWith: .empty()).map { $0.revision }
        .drive(onNext: { sink.total &+= $0 })
    }
    return ({ n in for i in 0..<n { relay.accept(ScreenState(revision: i, total: 0)) } }, { s.dispose() })
  case "state.operators":
    let relay = PublishRelay<ScreenState>()
    let s = relay.do(onNext: { sink.total &+= $0.total }).skip(1).startWith(ScreenState(revision: 0, total: 0))
      .scan(0) { $0 &+ $1.revision }.compactMap { $0 }
      .subscribe(with: sink, onNext: { sink, value in sink.total &+= value })
    return ({ n in for i in 0..<n { relay.accept(ScreenState(revision: i, total: 0)) } }, { s.dispose() })
  // Subscription churn: each "element" is one subscription, not one delivered value.
  case "subscribe.dispose.map.filter":
    let relay = BehaviorRelay<Int>(value: 1)
    let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }
    return (
      { n in
        for _ in 0..<n {
          let s = chain.subscribe(onNext: { sink.total &+= $0 })
          s.dispose()
        }
      }, {}
    )
  case "disposeBag.100":
    // Per element: one subscription's insertion into a bag and its share of the bag's deinit (x100: per bag).
    let relay = PublishRelay<Int>()
    let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }
    return (
      { n in
        var bag = DisposeBag()
        for i in 0..<n {
          chain.subscribe(onNext: { sink.total &+= $0 }).disposed(by: bag)
          if i % 100 == 99 { bag = DisposeBag() }
        }
        _ = bag
      }, {}
    )
  default:
    return nil
  }
}

/// A screen's state: the struct a view model keeps in its relay.
struct ScreenState: Equatable {
  var revision: Int
  var total: Int
  init(revision: Int = 0, total: Int = 0) {
    self.revision = revision
    self.total = total
  }
}

func asyncCase(_ name: String) -> ((Int) async -> Void)? {
  switch name {
  case "values.buffered":
    return { n in
      do { for try await e in Observable.from(Array(0..<n)).values { sink.total &+= e } } catch {
        fatalError("\(error)")
      }
    }
  case "single.just.value":
    return { n in
      for i in 0..<n { sink.total &+= (try? await Single.just(i).value) ?? 0 }
    }
  case "single.create.value":
    return { n in
      for i in 0..<n {
        let single = Single<Int>.create { observer in
          observer(.success(i))
          return Disposables.create()
        }
        sink.total &+= (try? await single.value) ?? 0
      }
    }
  default:
    return nil
  }
}

func median(_ xs: [Double]) -> Double {
  let s = xs.sorted()
  return s[s.count / 2]
}

/// Contended throughput: `producers` threads send `perProducer` elements each into one relay; the subscriber works
/// (spins) `work` nanoseconds per element. Returns the median elements per second over 5 rounds.
func contended(producers: Int, perProducer: Int, work: UInt64) -> Double {
  let relay = PublishRelay<Int>()
  let s = relay.subscribe(onNext: { value in
    let until = now() + work
    while now() < until {}
    sink.total &+= value
  })
  var rates: [Double] = []
  for _ in 0..<5 {
    let done = DispatchSemaphore(value: 0)
    let start = now()
    for producer in 0..<producers {
      Thread {
        for index in 0..<perProducer { relay.accept(producer &* perProducer &+ index) }
        done.signal()
      }.start()
    }
    for _ in 0..<producers { done.wait() }
    rates.append(Double(producers * perProducer) / (Double(now() - start) / 1e9))
  }
  s.dispose()
  return median(rates)
}

let args = CommandLine.arguments
if args.count == 5 && args[1] == "contended" {
  print(String(format: "%.0f", contended(producers: Int(args[2])!, perProducer: Int(args[3])!, work: UInt64(args[4])!)))
  exit(0)
}
let mode = args[1]
let name = args[2]
let batch = 1000

func runSync() {
  guard let (body, teardown) = syncCase(name) else { return }
  if mode == "count" {
    body(Int(args[3])!)
  } else {
    body(batch)  // warm-up
    var samples: [Double] = []
    let deadline = now() + 400_000_000
    while now() < deadline || samples.count < 30 {
      let start = now()
      body(batch)
      samples.append(Double(now() - start) / Double(batch))
    }
    print(String(format: "%.1f", median(samples)))
  }
  teardown()
}

if syncCase(name) == nil && asyncCase(name) == nil {
  FileHandle.standardError.write(Data("unknown case \(name)\n".utf8))
  exit(2)
}

if let body = asyncCase(name) {
  Task.detached {
    if mode == "count" {
      await body(Int(args[3])!)
    } else {
      await body(batch)
      var samples: [Double] = []
      let deadline = now() + 400_000_000
      while now() < deadline || samples.count < 30 {
        let start = now()
        await body(batch)
        samples.append(Double(now() - start) / Double(batch))
      }
      print(String(format: "%.1f", median(samples)))
    }
    exit(0)
  }
  RunLoop.main.run()
} else if name == "driver" || name.hasPrefix("state.") {
  // Main-queue cases (a Driver delivers there).
  DispatchQueue.main.async {
    runSync()
    exit(0)
  }
  RunLoop.main.run()
} else {
  runSync()
}
