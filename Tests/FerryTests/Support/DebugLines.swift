@testable import Ferry

/// Captures what `debug` writes, by identifier prefix, so that tests running in parallel each see their own lines and
/// a passing run prints none of them.
///
/// `DebugOutput.writer` is one process-wide setting: tests that swapped it in and out raced each other. This installs
/// one router, once, that hands each line to the capture whose prefix it starts with and prints any other line.
enum DebugLines {
  private static let captures = LockedBox<[String: LockedBox<[String]>]>([:])

  private static let router: Void = {
    DebugOutput.writer = { line in
      let capture = DebugLines.captures.withLock { captures in
        captures.first { line.hasPrefix($0.key) }?.value
      }
      if let capture { capture.withLock { $0.append(line) } } else { print(line) }
    }
  }()

  /// Runs `body` and returns the `debug` lines that start with `prefix` written while it ran. Prefixes of tests that
  /// run at the same time must not be prefixes of one another.
  static func capture(prefix: String, _ body: () throws -> Void) rethrows -> [String] {
    _ = router
    let lines = LockedBox<[String]>([])
    captures.withLock { $0[prefix] = lines }
    defer { _ = captures.withLock { $0.removeValue(forKey: prefix) } }
    try body()
    return lines.current
  }
}
