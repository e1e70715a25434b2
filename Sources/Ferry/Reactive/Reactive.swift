import Foundation

/// The `.rx` namespace: a proxy around `base` that reactive extensions are declared on.
///
/// Declare extensions constrained on the base type, as with RxSwift:
///
/// ```swift
/// extension Reactive where Base: RequestService {
///   func response<R: Request>(request: R) -> Single<R.Response> { … base … }
/// }
/// requestService.rx.response(request: request)
/// ```
///
/// For a class, `base.rx.someProperty` is also a ``Binder`` for every writable property (through
/// `@dynamicMemberLookup`), as in RxSwift.
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The extended object or value.
  public let base: Base

  /// Wraps `base` in the `.rx` namespace.
  public init(_ base: Base) {
    self.base = base
  }

  /// A ``Binder`` that sets the property at `keyPath` of `base` on the main thread.
  public subscript<Property>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
  ) -> Binder<Property> where Base: AnyObject {
    // Key paths are immutable values; the box only carries one to the main actor.
    let keyPath = UncheckedBox(keyPath)
    return Binder(base) { base, value in base[keyPath: keyPath.value] = value }
  }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type with the `.rx` namespace on its instances and on the type itself.
///
/// Declare the conformance (`final class DataSource: ReactiveCompatible`) and extend ``Reactive`` where
/// `Base` is the type. Every `NSObject` is `ReactiveCompatible`, as in RxSwift.
public protocol ReactiveCompatible {
  /// The type the namespace extends (`Self` in the default implementation).
  associatedtype ReactiveBase

  /// The `.rx` namespace of the type, for static extensions.
  static var rx: Reactive<ReactiveBase>.Type { get set }

  /// The `.rx` namespace of this instance.
  var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
  /// The `.rx` namespace of the type, for static extensions.
  ///
  /// The setter does nothing; it lets a `mutating` extension of ``Reactive`` be called through `Type.rx`.
  public static var rx: Reactive<Self>.Type {
    get { Reactive<Self>.self }
    set {}
  }

  /// The `.rx` namespace of this instance.
  ///
  /// The setter does nothing; it lets a `mutating` extension of ``Reactive`` be called through `value.rx`.
  public var rx: Reactive<Self> {
    get { Reactive(self) }
    set {}
  }
}

extension NSObject: ReactiveCompatible {}
