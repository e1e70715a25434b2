/// A readable line diff of two values' `dump`s: `−` lines are in `old` only, `+` lines in `new` only, the lines they
/// share indented. `TestStore` shows an expected state against the actual one with it, and a store's ``Store/debugLog``
/// the state before a command against the state after.
package func stateDiff<Value>(from oldValue: Value, to newValue: Value) -> String {
  var oldDump = ""
  var newDump = ""
  dump(oldValue, to: &oldDump)
  dump(newValue, to: &newDump)
  let old = oldDump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = newDump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // Longest common subsequence of lines (dumps are small).
  var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var lines: [String] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      if !old[i].isEmpty { lines.append("  \(old[i])") }
      i += 1
      j += 1
    } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      // Old (expected) lines first, as the headers read: `−` before `+`.
      lines.append("− \(old[i])")
      i += 1
    } else {
      lines.append("+ \(new[j])")
      j += 1
    }
  }
  return lines.joined(separator: "\n")
}
