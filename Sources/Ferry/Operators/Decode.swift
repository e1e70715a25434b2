import Foundation

/// A decoder of `Decodable` values from `Data`: `JSONDecoder` and `PropertyListDecoder` adopt it, for
/// `decode(type:decoder:)`.
public protocol DataDecoder {
  /// Decodes a value of `type` from `data`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
  /// Decodes each element with `decoder` into `type`; a decoding error ends the sequence with that error.
  ///
  /// The decoder is used from the thread that delivers each element: do not mutate it while subscribed.
  public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
    // A decoder is configured before use and then only read, as in RxSwift; the box carries it (and the item type)
    // into the `@Sendable` transform.
    let decode = UncheckedBox { (data: Data) throws -> Item in try decoder.decode(type, from: data) }
    return mapBoxed(self, decode)
  }
}

/// `source.map(transform)` for a transform that is not `@Sendable` (see `decode`), in a function unconstrained in
/// its types, so that the `@Sendable` closure captures no conformance.
private func mapBoxed<Source: ObservableType, Result>(
  _ source: Source, _ transform: UncheckedBox<(Source.Element) throws -> Result>
) -> Observable<Result> {
  source.map { try transform.value($0) }
}
