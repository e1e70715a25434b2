/// Owns disposables and disposes them all when it is deallocated.
///
/// The usual way to tie subscriptions to the lifetime of a view model or view controller:
/// `subscription.disposed(by: disposeBag)`. Differs from RxSwift only in being `Sendable` (thread-safe).
public final class DisposeBag: Sendable {
  private let state = LockedState<[any Disposable]?>([])

  /// Creates an empty bag.
  public init() {}

  /// Creates a bag holding `disposables`.
  public convenience init(disposing disposables: any Disposable...) {
    self.init()
    insert(disposables)
  }

  /// Creates a bag holding the disposables the builder returns.
  public convenience init(@DisposableBuilder builder: () -> [any Disposable]) {
    self.init()
    insert(builder())
  }

  /// Adds `disposable`; if the bag was already emptied by deallocation, disposes it at once.
  public func insert(_ disposable: any Disposable) {
    let rejected: Bool = state.withLock { state in
      guard state != nil else { return true }
      state!.append(disposable)
      return false
    }
    if rejected { disposable.dispose() }
  }

  /// Adds each of `disposables`.
  public func insert(_ disposables: any Disposable...) {
    insert(disposables)
  }

  /// Adds each of `disposables`.
  public func insert(_ disposables: [any Disposable]) {
    let rejected: Bool = state.withLock { state in
      guard state != nil else { return true }
      state!.append(contentsOf: disposables)
      return false
    }
    if rejected { disposables.forEach { $0.dispose() } }
  }

  /// Adds the disposables that `builder` returns: `bag.insert { a.subscribe(); b.subscribe() }`.
  public func insert(@DisposableBuilder builder: () -> [any Disposable]) {
    insert(builder())
  }

  /// Builds an array of disposables from a list of expressions.
  @resultBuilder
  public enum DisposableBuilder {
    /// Collects the disposables of one block.
    public static func buildBlock(_ disposables: [any Disposable]...) -> [any Disposable] {
      disposables.flatMap { $0 }
    }

    /// Wraps one disposable.
    public static func buildExpression(_ disposable: any Disposable) -> [any Disposable] { [disposable] }

    /// Passes an array through.
    public static func buildExpression(_ disposables: [any Disposable]) -> [any Disposable] { disposables }

    /// Supports `if` without `else`.
    public static func buildOptional(_ disposables: [any Disposable]?) -> [any Disposable] { disposables ?? [] }

    /// Supports `if`/`else` (first branch).
    public static func buildEither(first disposables: [any Disposable]) -> [any Disposable] { disposables }

    /// Supports `if`/`else` (second branch).
    public static func buildEither(second disposables: [any Disposable]) -> [any Disposable] { disposables }

    /// Supports `for` loops.
    public static func buildArray(_ disposables: [[any Disposable]]) -> [any Disposable] { disposables.flatMap { $0 } }
  }

  deinit {
    // Deallocation is the only place the bag empties: after it, nothing can be inserted.
    let disposables = state.withLock { state -> [any Disposable] in
      defer { state = nil }
      return state ?? []
    }
    for disposable in disposables { disposable.dispose() }
  }
}
