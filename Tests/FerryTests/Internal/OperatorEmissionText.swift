@testable import Ferry

/// What an emission delivers, as text (`[1]`, `[1, |]`, `[|]`, `[x]`, `[]`), for compact expectations in the state
/// machines' tests.
func delivered<Output>(_ emission: OperatorEmission<Output>) -> [String] {
  func text(_ event: Event<Output>) -> String {
    switch event {
    case .next(let element): "\(element)"
    case .error: "x"
    case .completed: "|"
    }
  }
  switch emission {
  case .nothing: return []
  case .event(let event): return [text(event)]
  case .events(let event, let next): return [text(event), text(next)]
  }
}

/// Whether a disposable a state machine hands back is `expected` (the machines hand back `any Disposable`).
func === (handedBack: (any Disposable)?, expected: BooleanDisposable) -> Bool {
  guard let handedBack = handedBack as? BooleanDisposable else { return false }
  return ObjectIdentifier(handedBack) == ObjectIdentifier(expected)
}
