/// The bookkeeping of a store's async work: which work is live, under which id, and what a ``WorkPolicy`` decides
/// when new work starts. A value type, guarded by ``StoreRuntime``'s lock and unit-tested directly.
///
/// Invariant: an entry is in `entries` from `start` until the work finishes or is cancelled; a cancelled entry is
/// removed at once (so its sends are dropped) and its task, if attached, is returned to be cancelled outside the
/// lock.
struct WorkStateMachine {
  enum Phase: Equatable {
    /// Waiting for a delay (debounce, throttle's trailing work) or for the work queued before it (concatMap).
    case waiting
    /// Running the user's operation.
    case running
  }

  struct Entry {
    var id: AnyHashable?
    var task: Task<Void, Never>?
    var phase: Phase
    /// Throttle's trailing work: when it begins, a new throttle period starts.
    var trailing = false
  }

  /// What to do for new work.
  enum StartAction {
    /// The policy ignores the work (flatMapFirst while running, throttle without latest within a period).
    case drop
    /// Start the work's task as `token`; cancel `cancel` (outside the lock); let it wait for `after` (concatMap)
    /// and `delay` (debounce, throttle) before it begins.
    case start(token: UInt64, cancel: [Task<Void, Never>], after: Task<Void, Never>?, delay: Duration?)
  }

  private(set) var entries: [UInt64: Entry] = [:]
  private(set) var isClosed = false
  private var nextToken: UInt64 = 0
  /// Throttle: when the current period of each id started, on the store's clock.
  private var periodStart: [AnyHashable: Duration] = [:]
  /// concatMap: the last work queued under each id.
  private var queueTail: [AnyHashable: UInt64] = [:]

  /// The number of live works (waiting or running).
  var liveCount: Int { entries.count }

  func isLive(_ token: UInt64) -> Bool { entries[token] != nil }

  mutating func start(id: AnyHashable?, policy: WorkPolicy, now: Duration) -> StartAction {
    guard !isClosed else { return .drop }
    guard let id else { return begin(nil, phase: .running, cancel: [], after: nil, delay: nil) }
    switch policy {
    case .flatMap:
      return begin(id, phase: .running, cancel: [], after: nil, delay: nil)
    case .flatMapLatest:
      return begin(id, phase: .running, cancel: removeAll { $0.id == id }, after: nil, delay: nil)
    case .flatMapFirst:
      if entries.values.contains(where: { $0.id == id }) { return .drop }
      return begin(id, phase: .running, cancel: [], after: nil, delay: nil)
    case .concatMap:
      let previous = queueTail[id].flatMap { entries[$0]?.task }
      let action = begin(id, phase: previous == nil ? .running : .waiting, cancel: [], after: previous, delay: nil)
      if case .start(let token, _, _, _) = action { queueTail[id] = token }
      return action
    case .debounce(let dueTime):
      return begin(id, phase: .waiting, cancel: removeAll { $0.id == id }, after: nil, delay: dueTime)
    case .throttle(let period, let latest):
      guard let started = periodStart[id], now < started + period else {
        periodStart[id] = now
        return begin(id, phase: .running, cancel: [], after: nil, delay: nil)
      }
      guard latest else { return .drop }
      let superseded = removeAll { $0.id == id && $0.trailing && $0.phase == .waiting }
      var action = begin(id, phase: .waiting, cancel: superseded, after: nil, delay: started + period - now)
      if case .start(let token, _, _, _) = action { entries[token]?.trailing = true } else { action = .drop }
      return action
    }
  }

  /// Records the task of `token`; `false` if the work was cancelled before its task existed (cancel it).
  mutating func attach(_ task: Task<Void, Never>, to token: UInt64) -> Bool {
    guard entries[token] != nil else { return false }
    entries[token]!.task = task
    return true
  }

  /// The work of `token` ends its wait and begins; `false` if it was cancelled meanwhile.
  mutating func begin(_ token: UInt64, now: Duration) -> Bool {
    guard let entry = entries[token] else { return false }
    if entry.trailing, let id = entry.id { periodStart[id] = now }
    entries[token]!.phase = .running
    return true
  }

  /// The work of `token` has finished (or was cancelled earlier: then nothing is left to do).
  mutating func finish(_ token: UInt64) {
    guard let entry = entries.removeValue(forKey: token) else { return }
    if let id = entry.id, queueTail[id] == token { queueTail[id] = nil }
  }

  /// Cancels the work `token`; returns its task.
  mutating func cancel(token: UInt64) -> Task<Void, Never>? {
    guard let entry = entries.removeValue(forKey: token) else { return nil }
    if let id = entry.id, queueTail[id] == token { queueTail[id] = nil }
    return entry.task
  }

  /// Cancels every work with `id`; returns their tasks.
  mutating func cancel(id: AnyHashable) -> [Task<Void, Never>] {
    removeAll { $0.id == id }
  }

  /// Cancels every work whose id satisfies `matches` (`nil` for work without an id); returns their tasks.
  mutating func cancel(where matches: (AnyHashable?) -> Bool) -> [Task<Void, Never>] {
    removeAll { matches($0.id) }
  }

  /// Cancels all work; returns the tasks to cancel.
  mutating func cancelAll() -> [Task<Void, Never>] {
    removeAll { _ in true }
  }

  /// Cancels all work and refuses new work; returns the tasks to cancel.
  mutating func close() -> [Task<Void, Never>] {
    isClosed = true
    periodStart = [:]
    return removeAll { _ in true }
  }

  private mutating func begin(
    _ id: AnyHashable?, phase: Phase, cancel: [Task<Void, Never>], after: Task<Void, Never>?, delay: Duration?
  ) -> StartAction {
    let token = nextToken
    nextToken += 1
    entries[token] = Entry(id: id, task: nil, phase: phase)
    return .start(token: token, cancel: cancel, after: after, delay: delay)
  }

  private mutating func removeAll(where predicate: (Entry) -> Bool) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    for (token, entry) in entries where predicate(entry) {
      entries[token] = nil
      if let id = entry.id, queueTail[id] == token { queueTail[id] = nil }
      if let task = entry.task { tasks.append(task) }
    }
    return tasks
  }
}
