import Ferry
import FerryTesting

// ferry-demo: the seeds' login screen, relay-based, driven through one scripted session on virtual time.
// Everything runs on a TestScheduler, so the timeline below is the same on every run and every machine.

let scheduler = TestScheduler(initialClock: 0)

/// A line of the printed timeline.
struct Line: Sendable {
  var time: TestTime
  var kind: String
  var text: String
}

let log = Log()

/// Collects timeline lines. The scheduler runs everything on the main actor, where `drive`/`emit` deliver too.
@MainActor
final class Log {
  private(set) var all: [Line] = []
  func add(_ kind: String, _ text: String) {
    all.append(Line(time: scheduler.clock, kind: kind, text: text))
  }
}

@MainActor
func runSession() -> (states: TestableObserver<LoginState>, effects: TestableObserver<LoginEffect>) {
  SharingScheduler.mock(scheduler: scheduler) {
    let store = RelayLoginViewStore(service: FakeAuthService(scheduler: scheduler))
    let bag = DisposeBag()
    let states = scheduler.createObserver(LoginState.self)
    let effects = scheduler.createObserver(LoginEffect.self)

    // The view controller's bindings.
    store.state.distinctUntilChanged().drive(onNext: { log.add("state ", "\($0)") }).disposed(by: bag)
    store.effect.emit(onNext: { log.add("effect", "\($0)") }).disposed(by: bag)
    store.state.asObservable().subscribe(states).disposed(by: bag)
    store.effect.asObservable().subscribe(effects).disposed(by: bag)

    // The scripted session: a failed attempt, a corrected secret, a successful attempt.
    let script: [(TestTime, LoginCommand)] = [
      (100, .typeUserName("mika")),
      (150, .typeSecret("sesame")),
      (200, .submit),
      (300, .typeSecret("open-sesame")),
      (350, .submit),
    ]
    for (time, command) in script {
      scheduler.scheduleAt(time) {
        log.add("user  ", "\(command)")
        store.dispatch(command)
      }
    }
    scheduler.start()
    return (states, effects)
  }
}

let (states, effects) = runSession()

print("ferry-demo: a relay-based login view store on Ferry (virtual time, 1 tick = 1 s)\n")
for line in log.all {
  let time = String(line.time)
  print(String(repeating: " ", count: max(0, 5 - time.count)) + time + "  " + line.kind + "  " + line.text)
}

// The same session as marble diagrams (10 ticks per frame; see Docs/MarbleGrammar.md).
let stateNames: [String: LoginState] = [
  "e": LoginState(),
  "u": LoginState(userName: "mika"),
  "s": LoginState(userName: "mika", secret: "sesame"),
  "o": LoginState(userName: "mika", secret: "open-sesame"),
]
let effectNames: [String: LoginEffect] = [
  "p": .progressShown, "h": .progressHidden, "f": .failed("wrong secret"), "k": .signedIn(accountID: "acct-mika"),
]
print("\nstates : " + MarbleDiagram.render(states.events, values: stateNames))
print("effects: " + MarbleDiagram.render(effects.events, values: effectNames))
print("\nstates  e={} u={user: mika} s/o={user: mika, secret: ***}")
print("effects p=progress+ h=progress- f=failed k=signedIn")
