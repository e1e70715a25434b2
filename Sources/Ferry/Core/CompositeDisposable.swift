/// A group of disposables disposed together; members can be removed by key.
public final class CompositeDisposable: Cancelable {
  /// Identifies a disposable inside a ``CompositeDisposable``.
  public struct DisposeKey: Hashable, Sendable {
    let value: UInt64
  }

  private struct State {
    var disposables: [UInt64: any Disposable]? = [:]
    var nextKey: UInt64 = 0
  }

  private let state = LockedState(State())

  /// Creates an empty composite.
  public init() {}

  /// Creates a composite holding two disposables.
  public init(_ disposable1: any Disposable, _ disposable2: any Disposable) {
    state.withLock { state in
      state.disposables = [0: disposable1, 1: disposable2]
      state.nextKey = 2
    }
  }

  /// Creates a composite holding three disposables.
  public convenience init(_ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable) {
    self.init(disposables: [disposable1, disposable2, disposable3])
  }

  /// Creates a composite holding four or more disposables.
  public convenience init(
    _ disposable1: any Disposable,
    _ disposable2: any Disposable,
    _ disposable3: any Disposable,
    _ disposable4: any Disposable,
    _ disposables: any Disposable...
  ) {
    self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
  }

  /// Creates a composite holding `disposables`.
  public init(disposables: [any Disposable]) {
    state.withLock { state in
      for disposable in disposables {
        state.disposables![state.nextKey] = disposable
        state.nextKey += 1
      }
    }
  }

  /// Adds a disposable.
  ///
  /// - Returns: its key, or `nil` if the composite is already disposed, in which case `disposable` is disposed
  ///   at once.
  @discardableResult
  public func insert(_ disposable: any Disposable) -> DisposeKey? {
    let key: UInt64? = state.withLock { state in
      guard state.disposables != nil else { return nil }
      let key = state.nextKey
      state.nextKey += 1
      state.disposables![key] = disposable
      return key
    }
    guard let key else {
      disposable.dispose()
      return nil
    }
    return DisposeKey(value: key)
  }

  /// The number of disposables held.
  public var count: Int { state.withLock { $0.disposables?.count ?? 0 } }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.withLock { $0.disposables == nil } }

  /// Removes the disposable with `disposeKey` and disposes it.
  public func remove(for disposeKey: DisposeKey) {
    let removed = state.withLock { $0.disposables?.removeValue(forKey: disposeKey.value) }
    removed?.dispose()
  }

  /// Disposes every member, in insertion order, and every later insertion.
  public func dispose() {
    let members = state.withLock { state -> [UInt64: any Disposable]? in
      defer { state.disposables = nil }
      return state.disposables
    }
    guard let members else { return }
    for key in members.keys.sorted() { members[key]!.dispose() }
  }
}
