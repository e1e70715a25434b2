import Ferry
import FerryTesting
import Foundation
import Testing

/// The shape of seed 000's request service: a plain class with a callback API.
private final class RequestService: ReactiveCompatible, @unchecked Sendable {
  // `@unchecked Sendable`: immutable.
  let answer: Int
  init(answer: Int) { self.answer = answer }

  func response(completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
    completion(.success(answer))
  }

  static let name = "requests"
}

extension Reactive where Base: RequestService {
  fileprivate func response() -> Single<Int> {
    Single.create { [base] single in
      base.response { single($0) }
      return Disposables.create()
    }
  }
}

extension Reactive where Base: RequestService {
  fileprivate static var serviceName: String { Base.name }
}

/// A mutable value type with the namespace, to show `rx` on values.
private struct Settings: ReactiveCompatible {
  var volume = 0
}

extension Reactive where Base == Settings {
  fileprivate var doubledVolume: Int { base.volume * 2 }
}

/// A model object whose properties `rx.<property>` binds.
@MainActor private final class TitleModel: NSObject {
  var title = ""
  var count = 0
}

@Suite("Reactive namespace")
struct ReactiveTests {
  @Test func extensionsOnInstancesReachTheBase() throws {
    let service = RequestService(answer: 42)
    #expect(try service.rx.response().toBlocking().single() == 42)
    #expect(Settings(volume: 3).rx.doubledVolume == 6)
  }

  @Test func extensionsOnTheTypeReachTheMetatype() {
    #expect(RequestService.rx.serviceName == "requests")
    #expect(RequestService.rx == Reactive<RequestService>.self)
  }

  @MainActor @Test func nsObjectSubclassesGetBindersForWritableProperties() {
    let model = TitleModel()
    let disposable = Observable.of("a", "b").bind(to: model.rx.title)
    #expect(model.title == "b")
    _ = Observable.just(3).bind(to: model.rx.count)
    #expect(model.count == 3)
    disposable.dispose()
  }

  @Test func reactiveOfASendableBaseIsSendable() {
    let reactive = Reactive(42)
    let sendable: any Sendable = reactive
    #expect((sendable as? Reactive<Int>)?.base == 42)
  }
}
