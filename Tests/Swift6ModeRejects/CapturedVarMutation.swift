// Not part of any target. `scripts/swift6-rejects-check.sh` type-checks this file in Swift 6 language mode with
// warnings as errors against the built `Ferry` module and fails unless each marked line is diagnosed: the code
// that `Tests/FerrySwift5ModeTests` compiles without a warning is rejected in Swift 6 mode, where a closure that
// may run on another thread must be `Sendable`.
import Ferry

final class NonSendableCounter {
  var value = 0
}

func legacyCode() {
  var count = 0
  let counter = NonSendableCounter()
  _ = Observable.just(1).map { value in
    count += value  // expect-diagnostic: mutation of captured var 'count' in concurrently-executing code
    return value
  }
  _ = Observable.just(1).subscribe(onNext: { counter.value += $0 })  // expect-diagnostic: non-Sendable type
  _ = Single.just(1).subscribe(onSuccess: { count = $0 })  // expect-diagnostic: mutation of captured var 'count'
  _ = Disposables.create { count += 1 }  // expect-diagnostic: mutation of captured var 'count'
  _ = Observable.combineLatest(Observable.just(1), Observable.just(2)) { a, b in
    count += a  // expect-diagnostic: mutation of captured var 'count'
    return b
  }
  _ = Observable.zip([Observable.just(1)]) { values in
    counter.value += values.count  // expect-diagnostic: non-Sendable type
    return values
  }
  _ = Single.zip(Single.just(1), Single.just(2)) { a, b in
    count = a + b  // expect-diagnostic: mutation of captured var 'count'
    return a
  }
  _ = Driver.combineLatest(Driver.just(1), Driver.just(2)) { a, b in
    count = a  // expect-diagnostic: mutation of captured var 'count'
    return b
  }
  // The operators that also have a Swift 5 mode form (Sources/Ferry/Operators/Swift5ClosureForms.swift): Swift 6
  // mode never sees it and keeps the `@Sendable` form's diagnostics.
  _ = Observable.just(1).scan(0) { accumulated, value in
    count += value  // expect-diagnostic: mutation of captured var 'count'
    return accumulated
  }
  _ = Observable.just(1).filter { value in
    count += value  // expect-diagnostic: mutation of captured var 'count'
    return true
  }
  _ = Observable.just(1).reduce(0) { accumulated, value in
    count += value  // expect-diagnostic: mutation of captured var 'count'
    return accumulated
  }
  _ = Driver.just(1).map { value in
    count += value  // expect-diagnostic: mutation of captured var 'count'
    return value
  }
  _ = Infallible.just(1).compactMap { value in
    count += value  // expect-diagnostic: mutation of captured var 'count'
    return value
  }
  let plain: (Int) -> Int = { $0 }
  _ = Observable.just(1).map(plain)  // expect-diagnostic: converting non-Sendable function value
}
