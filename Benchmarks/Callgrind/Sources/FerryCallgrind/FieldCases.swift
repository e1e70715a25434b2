import Ferry
import FerryStore
import Observation

// A screen-sized state (ten fields) through `store.send`: what a commit costs with no reader, with a view that
// reads the whole state (`store.state`), and with views that read fields (`store.field`, tracked one by one).

/// A screen's state with ten fields, as a form or a list screen keeps.
struct FormState: Equatable, Sendable {
  var title = "Profile"
  var name = "Taro"
  var email = "taro@example.com"
  var age = 30
  var isSubscribed = false
  var tags: [Int] = [1, 2, 3]
  var revision = 0
  var total = 0
  var isLoading = false
  var errorMessage: String?
}

/// One action per `add`, changing two of the ten fields (`total`, `revision`).
struct FormFeature: StoreFeature {
  typealias State = FormState
  typealias Effect = Never

  enum Command: Sendable {
    case add(Int)
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
    }
  }
}

/// Runs the ten-field case `name` over `count` elements; returns `false` if `name` is not one of them.
func runFieldCase(_ name: String, count: Int) -> Bool {
  switch name {
  case "store.send.fields10": run_store_send_fields10(count)
  case "store.send.fields10.readState": run_store_send_fields10_readState(count)
  case "store.send.fields10.observeState": run_store_send_fields10_observeState(count)
  case "store.send.fields10.tracked": run_store_send_fields10_tracked(count)
  case "store.send.fields10.readField": run_store_send_fields10_readField(count)
  case "store.send.fields10.observeFields": run_store_send_fields10_observeFields(count)
  default: return false
  }
  return true
}

@inline(never) func run_store_send_fields10(_ count: Int) {
  // Nobody reads the state: the commit's own cost with a ten-field state.
  MainActor.assumeIsolated {
    let store = Store(initialState: FormState(), feature: FormFeature())
    for index in 0..<count { store.send(.add(index)) }
    sink.total &+= store.currentState.total
  }
}

@inline(never) func run_store_send_fields10_readState(_ count: Int) {
  // A view that reads the whole state (`store.state.total`, registering `state` with Observation) before each send.
  MainActor.assumeIsolated {
    let store = Store(initialState: FormState(), feature: FormFeature())
    for index in 0..<count {
      sink.total &+= store.state.total
      store.send(.add(index))
    }
  }
}

@inline(never) func run_store_send_fields10_observeState(_ count: Int) {
  // A view re-rendered before each send, reading its ten fields through the whole state under
  // `withObservationTracking` (SwiftUI's body; its change handler does nothing here).
  MainActor.assumeIsolated {
    let store = Store(initialState: FormState(), feature: FormFeature())
    for index in 0..<count {
      withObservationTracking {
        let state = store.state
        sink.total &+= state.title.count &+ state.name.count &+ state.email.count &+ state.age &+ state.tags.count
        sink.total &+= (state.isSubscribed ? 1 : 0) &+ state.revision &+ state.total &+ (state.isLoading ? 1 : 0)
        sink.total &+= state.errorMessage?.count ?? 0
      } onChange: {
      }
      store.send(.add(index))
    }
  }
}

@inline(never) func run_store_send_fields10_tracked(_ count: Int) {
  // Views read the ten fields (`store.field`) once, then the sends: every commit compares the fields still tracked.
  MainActor.assumeIsolated {
    let store = Store(initialState: FormState(), feature: FormFeature())
    withObservationTracking {
      readFields(store)
    } onChange: {
    }
    for index in 0..<count { store.send(.add(index)) }
  }
}

@inline(never) func run_store_send_fields10_readField(_ count: Int) {
  // A view that reads one field (`store.total`, registering that field alone) before each send.
  MainActor.assumeIsolated {
    let store = Store(initialState: FormState(), feature: FormFeature())
    for index in 0..<count {
      sink.total &+= store.total
      store.send(.add(index))
    }
  }
}

@inline(never) func run_store_send_fields10_observeFields(_ count: Int) {
  // As `observeState`, the view reading its ten fields one by one (`store.field`), each tracked on its own.
  MainActor.assumeIsolated {
    let store = Store(initialState: FormState(), feature: FormFeature())
    for index in 0..<count {
      withObservationTracking {
        readFields(store)
      } onChange: {
      }
      store.send(.add(index))
    }
  }
}

/// Reads the ten fields through dynamic member lookup, as a SwiftUI body would.
@MainActor func readFields(_ store: Store<FormFeature>) {
  sink.total &+= store.title.count &+ store.name.count &+ store.email.count &+ store.age &+ store.tags.count
  sink.total &+= (store.isSubscribed ? 1 : 0) &+ store.revision &+ store.total &+ (store.isLoading ? 1 : 0)
  sink.total &+= store.errorMessage?.count ?? 0
}
