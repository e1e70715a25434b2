import Foundation

#if !canImport(ObjectiveC)
// Outside Apple platforms `NotificationCenter` is not an `NSObject` subclass, so it does not get `rx` from
// `NSObject`'s conformance.
extension NotificationCenter: ReactiveCompatible {}
#endif

extension Reactive where Base: NotificationCenter {
  /// Emits each notification named `name` (every notification when `nil`) posted by `object` (by anyone when
  /// `nil`); the observer is removed when the subscription is disposed. Notifications are delivered on the posting
  /// thread.
  public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
    let center = UncheckedBox(base)
    let object = UncheckedBox(object)
    return Observable.create { observer in
      // `NotificationCenter` is thread-safe; the token is only removed, once, on disposal.
      let token = UncheckedBox(
        center.value.addObserver(forName: name, object: object.value, queue: nil) { notification in
          observer.onNext(notification)
        })
      return Disposables.create { center.value.removeObserver(token.value) }
    }
  }
}
