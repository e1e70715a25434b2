import Ferry
import Foundation

// ferry-demo: the seeds' login screen, relay-based, driven through one scripted session on virtual time.
// Everything runs on Ferry's HistoricalScheduler (virtual time, no wall clock), so the timeline below is the same
// on every run and every machine. The demo depends on Ferry only: FerryTesting links XCTest and Swift Testing,
// which an executable cannot load outside a test runner on Apple platforms.

let scheduler = HistoricalScheduler()

/// Seconds of virtual time since the session began.
func now() -> Int { Int(scheduler.clock.timeIntervalSince1970) }

/// A line of the printed timeline.
struct Line: Sendable {
  var time: Int
  var kind: String
  var text: String
}

/// Collects timeline lines. The scheduler runs everything on the main thread, where `drive`/`emit` deliver too.
@MainActor
final class Log {
  private(set) var all: [Line] = []
  func add(_ kind: String, _ text: String) { all.append(Line(time: now(), kind: kind, text: text)) }
}

@MainActor
func runSession() -> Log {
  let log = Log()
  SharingScheduler.mock(scheduler: scheduler) {
    let store = RelayLoginViewStore(service: FakeAuthService(scheduler: scheduler))
    let bag = DisposeBag()

    // The view controller's bindings.
    store.state.distinctUntilChanged().drive(onNext: { log.add("state ", "\($0)") }).disposed(by: bag)
    store.effect.emit(onNext: { log.add("effect", "\($0)") }).disposed(by: bag)

    // The scripted session: a failed attempt, a corrected secret, a successful attempt.
    let script: [(seconds: Int, command: LoginCommand)] = [
      (100, .typeUserName("mika")),
      (150, .typeSecret("sesame")),
      (200, .submit),
      (300, .typeSecret("open-sesame")),
      (350, .submit),
    ]
    let session = UncheckedSendable((store, log))
    for step in script {
      _ = scheduler.scheduleRelative(step.command, dueTime: .seconds(step.seconds)) { command in
        // The scheduler runs its actions on this (the main) thread, inside `start()`.
        MainActor.assumeIsolated {
          let (store, log) = session.value
          log.add("user  ", "\(command)")
          store.dispatch(command)
        }
        return Disposables.create()
      }
    }
    scheduler.start()
  }
  return log
}

/// Carries the main-actor session objects into the scheduler's `@Sendable` actions, which run on the main thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

let log = runSession()
print("ferry-demo: a relay-based login view store on Ferry (virtual time, in seconds)\n")
for line in log.all {
  let time = String(line.time)
  print(String(repeating: " ", count: max(0, 5 - time.count)) + time + "  " + line.kind + "  " + line.text)
}
print("\nTests state such timelines as marble diagrams with FerryTesting: see Docs/TestingWithMarbles.md.")
