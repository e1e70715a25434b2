/// What a screen shows: still loading, the loaded content, or a failure that needs a screen of its own.
///
/// Alerts and other one-shot reactions are effects, not a `failed` state: use `failed` only when the screen itself
/// shows the failure (with `Never` as `Failure` when it never does).
///
/// ```swift
/// typealias LoginViewState = ViewState<LoginContent, Never>
/// let next = state.mutate(keyPath: \.loginId, value: "taro")  // changes `.completed` content only
/// ```
public enum ViewState<Content, Failure: Error> {
  /// The information the screen needs is being loaded.
  case loading
  /// Loaded, or the screen's initial content.
  case completed(Content)
  /// Loading failed and the screen shows it.
  case failed(Failure)

  /// The content when `completed`, otherwise `nil`.
  public var content: Content? {
    if case .completed(let content) = self { return content }
    return nil
  }

  /// The failure when `failed`, otherwise `nil`.
  public var failure: Failure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }

  /// Whether the state is `loading`.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// This state with `value` written at `keyPath` of the content when `completed`; `loading` and `failed` are
  /// returned unchanged (there is no content to change).
  public func mutate<Value>(keyPath: WritableKeyPath<Content, Value>, value: Value) -> ViewState {
    guard case .completed(var content) = self else { return self }
    content[keyPath: keyPath] = value
    return .completed(content)
  }

  /// This state with the content changed by `body` when `completed`; `loading` and `failed` are returned unchanged.
  public func mutate(_ body: (inout Content) throws -> Void) rethrows -> ViewState {
    guard case .completed(var content) = self else { return self }
    try body(&content)
    return .completed(content)
  }
}

extension ViewState: Equatable where Content: Equatable, Failure: Equatable {}
extension ViewState: Hashable where Content: Hashable, Failure: Hashable {}
extension ViewState: Sendable where Content: Sendable, Failure: Sendable {}
