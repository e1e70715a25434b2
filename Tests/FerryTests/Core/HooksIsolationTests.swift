import Ferry
import Testing

/// `.swapsHooks` (Support/HooksIsolation.swift): tests that replace `Hooks`' process-wide handlers take turns and
/// leave the hooks as they found them.
@Suite struct HooksIsolationTests {
  /// Parameterized cases run in parallel; without taking turns, one case's handler would replace another's while
  /// that one is between its installation and its errors.
  @Test(.swapsHooks, arguments: 0..<16)
  func aTestKeepsTheHandlerItInstalledForItsWholeRun(id: Int) async {
    let seen = LockedBox<[Int]>([])
    Hooks.defaultErrorHandler = { _, error in
      guard let probe = error as? HookProbeError else { return }
      seen.withLock { $0.append(probe.id) }
    }
    for _ in 0..<8 {
      await Task.yield()  // let the other cases run now, if they could
      _ = Observable<Int>.error(HookProbeError(id: id)).subscribe(onNext: { _ in })
    }
    #expect(seen.current == Array(repeating: id, count: 8))
  }

  @Test func theHooksAreRestoredWhenATestThrows() async throws {
    let trait = SwapsHooksTrait()
    let test = try #require(Test.current)
    let before = LockedBox<Bool?>(nil)
    await #expect(throws: HookProbeError.self) {
      try await trait.provideScope(for: test, testCase: nil) {
        before.withLock { $0 = Hooks.recordCallStackOnError }
        Hooks.recordCallStackOnError.toggle()
        Hooks.customCaptureSubscriptionCallstack = { ["replaced"] }
        throw HookProbeError(id: 1)
      }
    }
    let after = LockedBox<(record: Bool, stack: [String])?>(nil)
    try await trait.provideScope(for: test, testCase: nil) {
      after.withLock { $0 = (Hooks.recordCallStackOnError, Hooks.customCaptureSubscriptionCallstack()) }
    }
    #expect(after.current?.record == before.current)
    #expect(after.current?.stack != ["replaced"])
  }
}
