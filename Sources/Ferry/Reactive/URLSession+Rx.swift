import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The errors of `URLSession.rx`'s requests (RxCocoa's `RxCocoaURLError`).
public enum RxCocoaURLError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the payloads are immutable values handed over once, as in RxCocoa.
  /// The request failed for an unknown reason.
  case unknown
  /// The response was not an HTTP response.
  case nonHTTPResponse(response: URLResponse)
  /// The HTTP status code was not in 200..<300.
  case httpRequestFailed(response: HTTPURLResponse, data: Data?)
  /// The data could not be deserialized.
  case deserializationError(error: any Swift.Error)

  /// A human-readable description.
  public var debugDescription: String {
    switch self {
    case .unknown: return "Unknown error has occurred."
    case .nonHTTPResponse(let response): return "Response is not NSHTTPURLResponse `\(response)`."
    case .httpRequestFailed(let response, _): return "HTTP request failed with `\(response.statusCode)`."
    case .deserializationError(let error): return "Error during deserialization of the response: \(error)"
    }
  }
}

extension Reactive where Base: URLSession {
  /// Performs `request` when subscribed and emits the HTTP response with its data, then completes; fails with the
  /// request's error, or `RxCocoaURLError.nonHTTPResponse` for a response that is not HTTP. Disposing cancels the
  /// request.
  public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
    let session = UncheckedBox(base)
    return Observable.create { observer in
      let task = session.value.dataTask(with: request) { data, response, error in
        guard let response, let data else {
          observer.onError(error ?? RxCocoaURLError.unknown)
          return
        }
        guard let http = response as? HTTPURLResponse else {
          observer.onError(RxCocoaURLError.nonHTTPResponse(response: response))
          return
        }
        observer.onNext((http, data))
        observer.onCompleted()
      }
      task.resume()
      // `URLSessionTask.cancel()` is thread-safe.
      let cancel = UncheckedBox(task)
      return Disposables.create { cancel.value.cancel() }
    }
  }

  /// Performs `request` when subscribed and emits the response's data when its status code is in 200..<300, then
  /// completes; fails with `RxCocoaURLError.httpRequestFailed` otherwise.
  public func data(request: URLRequest) -> Observable<Data> {
    response(request: request).map { response, data in
      guard 200..<300 ~= response.statusCode else {
        throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
      }
      return data
    }
  }
}
