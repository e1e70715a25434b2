import Examples
import Ferry

#if FERRY_OPENCOMBINE
import FerryOpenCombine
#elseif canImport(Combine)
import FerryCombine
#endif

extension SessionTime {
  /// The session's scheduler (held as `any SchedulerType`) as a Combine scheduler, for the Combine forms' injected
  /// schedulers: the Combine forms run on the same virtual timeline as the Rx and async forms.
  public var combineScheduler: CombineScheduler<AnySchedulerType> {
    scheduler.asCombineScheduler()
  }
}
