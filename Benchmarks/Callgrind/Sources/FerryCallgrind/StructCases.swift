import Ferry
import FerryStore
import Observation

// The paths a view model takes with its own state type (a struct, not `Int`): reading `BehaviorRelay.value`,
// binding and driving into relays, the Driver conversions that catch errors, the common single-source operators,
// and the store's synchronous path. Each of these ran as Ferry's generic code once, looking generic metadata up on
// every element (thousands of instructions); these cases keep them specialised.

/// A screen's state: a small struct, as view models keep.
struct ScreenState: Equatable, Sendable {
  var revision = 0
  var total = 0
}

/// Runs the struct-element case `name` over `count` elements; returns `false` if `name` is not one of them.
///
/// One function per case, never inlined, as in `main.swift`: a case's instructions then do not depend on the others.
func runStructCase(_ name: String, count: Int) -> Bool {
  switch name {
  case "state.relay.value.drive": run_state_relay_value_drive(count)
  case "state.bind.relay": run_state_bind_relay(count)
  case "state.drive.relay": run_state_drive_relay(count)
  case "state.asDriver.onErrorDriveWith": run_state_asDriver_onErrorDriveWith(count)
  case "state.operators": run_state_operators(count)
  case "store.send": run_store_send(count)
  case "store.floor.observableClass": run_store_floor_observableClass(count)
  case "store.effectSignal": run_store_effectSignal(count)
  case "store.driver.keyPath": run_store_driver_keyPath(count)
  default: return false
  }
  return true
}

@inline(never) func run_state_relay_value_drive(_ count: Int) {
  // A view model's command: read the state relay, accept the next state; one Driver bound to it.
  let relay = BehaviorRelay(value: ScreenState())
  let subscription = MainActor.assumeIsolated { relay.asDriver().drive(onNext: { sink.total &+= $0.revision }) }
  for index in 0..<count {
    var state = relay.value
    state.revision = index
    relay.accept(state)
  }
  subscription.dispose()
}

@inline(never) func run_state_bind_relay(_ count: Int) {
  let source = PublishRelay<ScreenState>()
  let target = BehaviorRelay(value: ScreenState())
  let subscription = source.bind(to: target)
  for index in 0..<count { source.accept(ScreenState(revision: index)) }
  subscription.dispose()
  sink.total &+= target.value.revision
}

@inline(never) func run_state_drive_relay(_ count: Int) {
  let source = BehaviorRelay(value: ScreenState())
  let target = BehaviorRelay(value: ScreenState())
  let subscription = MainActor.assumeIsolated { source.asDriver().drive(target) }
  for index in 0..<count { source.accept(ScreenState(revision: index)) }
  subscription.dispose()
  sink.total &+= target.value.revision
}

@inline(never) func run_state_asDriver_onErrorDriveWith(_ count: Int) {
  let relay = PublishRelay<ScreenState>()
  let subscription = MainActor.assumeIsolated {
    relay.asObservable().asDriver(onErrorDriveWith: .empty()).map(\.revision).drive(onNext: { sink.total &+= $0 })
  }
  for index in 0..<count { relay.accept(ScreenState(revision: index)) }
  subscription.dispose()
}

@inline(never) func run_state_operators(_ count: Int) {
  // do, skip, startWith, scan, compactMap and subscribe(with:) in one chain.
  let relay = PublishRelay<ScreenState>()
  let subscription = relay.do(onNext: { sink.total &+= $0.total }).skip(1).startWith(ScreenState())
    .scan(0) { $0 &+ $1.revision }.compactMap { $0 }
    .subscribe(with: sink, onNext: { sink, value in sink.total &+= value })
  for index in 0..<count { relay.accept(ScreenState(revision: index)) }
  subscription.dispose()
}

@inline(never) func run_store_send(_ count: Int) {
  let store = MainActor.assumeIsolated { Store(initialState: ScreenState(), feature: ScreenFeature()) }
  MainActor.assumeIsolated {
    for index in 0..<count { store.send(.add(index)) }
    sink.total &+= store.currentState.total
  }
}

@inline(never) func run_store_floor_observableClass(_ count: Int) {
  // The floor of `store.send`: a hand-written `@Observable` class applying the same transform in a method.
  MainActor.assumeIsolated {
    let model = ObservableScreen()
    for index in 0..<count { model.add(index) }
    sink.total &+= model.state.total
  }
}

@inline(never) func run_store_effectSignal(_ count: Int) {
  MainActor.assumeIsolated {
    let store = Store(initialState: ScreenState(), feature: ScreenFeature())
    let subscription = store.effectSignal.emit(onNext: { sink.total &+= $0 })
    for index in 0..<count { store.send(.emit(index)) }
    subscription.dispose()
  }
}

@inline(never) func run_store_driver_keyPath(_ count: Int) {
  MainActor.assumeIsolated {
    let store = Store(initialState: ScreenState(), feature: ScreenFeature())
    let subscription = store.driver(\.revision).drive(onNext: { sink.total &+= $0 })
    for index in 0..<count { store.send(.add(index)) }
    subscription.dispose()
  }
}

/// What a developer writes by hand with Observation: the floor of the store's send.
@MainActor
@Observable
final class ObservableScreen {
  var state = ScreenState()

  func add(_ value: Int) { state = ScreenFeature.transform(state, action: .add(value)) }
}

/// The screen the store cases run: one action per `add`, one effect per `emit`.
struct ScreenFeature: StoreFeature {
  typealias State = ScreenState
  typealias Effect = Int

  enum Command: Sendable {
    case add(Int)
    case emit(Int)
  }

  enum Action: Sendable {
    case add(Int)
  }

  static func transform(_ state: State, action: Action) -> State {
    var state = state
    switch action {
    case .add(let value):
      state.total &+= value
      state.revision &+= 1
    }
    return state
  }

  @MainActor func handle(_ command: Command, in context: StoreContext<Self>) {
    switch command {
    case .add(let value): context.dispatchAction(.add(value))
    case .emit(let value): context.dispatchEffect(value)
    }
  }
}
