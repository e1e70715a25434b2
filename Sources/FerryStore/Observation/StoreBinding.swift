#if canImport(SwiftUI)
import SwiftUI
#endif

/// A two-way connection between a control and one field of a store's state: `get` reads the field (tracked by
/// Observation on its own, as `store.field` is), `set` sends the command the value maps to, synchronously.
///
/// The platform-independent half of `store.binding(_:send:)`, and what a UIKit control or a test uses where SwiftUI's
/// `Binding` does not exist. The accessors hold the store.
public struct StoreFieldAccessors<Value>: Sendable {
  /// Reads the field from the store's current state, registering it with Observation.
  public let get: @MainActor @Sendable () -> Value
  /// Sends the command for `value`; its synchronous part (the field's new value included) is applied when `set`
  /// returns, so a text field keeps its cursor.
  public let set: @MainActor @Sendable (Value) -> Void
}

extension Store {
  /// The accessors of the field at `keyPath`: `get` reads it (notified only when it changes, compared with `==`),
  /// `set` sends `command(value)` through ``send(_:)``.
  ///
  /// ```swift
  /// let query = store.fieldAccessors(\.query, send: SearchCommand.queryChanged)
  /// query.set("ferry")   // handled before it returns: query.get() == "ferry"
  /// ```
  public func fieldAccessors<Value: Equatable>(
    _ keyPath: KeyPath<Feature.State, Value>, send command: @escaping @Sendable (Value) -> Feature.Command
  ) -> StoreFieldAccessors<Value> {
    nonisolated(unsafe) let keyPath = keyPath  // immutable; key paths are not yet Sendable
    return StoreFieldAccessors(
      get: { self[dynamicMember: keyPath] },
      set: { value in self.send(command(value)) })
  }

  /// The accessors of a field that is not `Equatable`: its readers are notified at every commit.
  public func fieldAccessors<Value>(
    _ keyPath: KeyPath<Feature.State, Value>, send command: @escaping @Sendable (Value) -> Feature.Command
  ) -> StoreFieldAccessors<Value> {
    nonisolated(unsafe) let keyPath = keyPath  // immutable; key paths are not yet Sendable
    return StoreFieldAccessors(
      get: { self[dynamicMember: keyPath] },
      set: { value in self.send(command(value)) })
  }
}

#if canImport(SwiftUI)
extension Store {
  /// A SwiftUI `Binding` to the field at `keyPath`: it reads the field (the view is re-rendered only when that field
  /// changes) and sets it by sending `command(value)`, applied before the setter returns (a text field keeps its
  /// cursor).
  ///
  /// ```swift
  /// TextField("Search", text: store.binding(\.query, send: SearchCommand.queryChanged))
  /// ```
  ///
  /// Built on `fieldAccessors(_:send:)`; SwiftUI calls a binding on the main thread. The binding holds the store.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Feature.State, Value>, send command: @escaping @Sendable (Value) -> Feature.Command
  ) -> Binding<Value> {
    Binding(accessors: fieldAccessors(keyPath, send: command))
  }

  /// A SwiftUI `Binding` to a field that is not `Equatable` (its view is re-rendered at every commit).
  public func binding<Value: Sendable>(
    _ keyPath: KeyPath<Feature.State, Value>, send command: @escaping @Sendable (Value) -> Feature.Command
  ) -> Binding<Value> {
    Binding(accessors: fieldAccessors(keyPath, send: command))
  }
}

extension Binding where Value: Sendable {
  /// A binding over a store field's accessors. The closures are main-actor isolated, and `Binding` keeps their
  /// isolation (`@isolated(any)`): SwiftUI calls them on the main thread, and any other caller hops there.
  fileprivate init(accessors: StoreFieldAccessors<Value>) {
    self.init(
      get: { @MainActor in accessors.get() },
      set: { @MainActor value in accessors.set(value) })
  }
}
#endif
