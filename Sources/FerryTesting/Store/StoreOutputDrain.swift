import FerryStore

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension Store {
  /// Applies what the store's async work has sent so far, oldest first, each output as its own handling step on
  /// `time`'s executor (so work an applied command starts runs on the virtual timeline), until nothing is queued;
  /// returns how many outputs it applied.
  ///
  /// For a store whose outputs wait to be pulled (`drainsAutomatically: false`): the one drain `TestStore`, parity
  /// runs and the store's load tests share, so they all apply outputs as the app's main-actor drain would.
  @discardableResult
  package func applyQueuedOutputs(on time: AsyncVirtualTime) -> Int {
    var applied = 0
    while let output = runtime.takeNextOutput() {
      time.executor.perform { process(output) }
      applied += 1
    }
    return applied
  }
}
