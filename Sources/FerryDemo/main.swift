import Examples
import Foundation

// ferry-demo: runs a seed screen through one scripted session in each of its forms (legacy, each half-migrated
// mix, fully migrated) on virtual time, prints the timelines side by side as marble rows, and says whether every
// form agrees with the legacy one. Exit status: 0 when they agree, 1 when they do not, 2 for a usage error or a
// screen that is not available yet. Links Ferry, FerryStore, FerryMarbles and the examples — not XCTest or Swift
// Testing, which an app cannot load outside a test runner.

let usage = """
  usage: ferry-demo [--screen <name>]
         ferry-demo --help

  Runs a seed screen through one scripted session in each of its forms (legacy, each half-migrated mix, fully
  migrated) on virtual time, prints the timelines side by side as marble rows, and says whether all forms agree
  (exit status 1 if they do not).

  screens:
  """

@MainActor
func screenList() -> String {
  DemoScreens.names.map { name in
    let state = DemoScreens.available[name].map { $0.summary } ?? "not yet available"
    return "  \(name.padding(toLength: 13, withPad: " ", startingAt: 0)) \(state)"
  }.joined(separator: "\n")
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("ferry-demo: \(message)\nRun 'ferry-demo --help' for usage.\n".utf8))
  exit(2)
}

var screenName = "login"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage + "\n" + screenList() + "\n\n  The default screen is login.")
    exit(0)
  case "--screen":
    guard let name = arguments.popFirst() else { fail("--screen needs a screen name") }
    screenName = name
  default:
    if argument.hasPrefix("--screen=") {
      screenName = String(argument.dropFirst("--screen=".count))
    } else if argument.hasPrefix("-") {
      fail("unknown option '\(argument)'")
    } else {
      fail("unexpected argument '\(argument)'")
    }
  }
}

guard DemoScreens.names.contains(screenName) else {
  fail("unknown screen '\(screenName)'; the screens are \(DemoScreens.names.joined(separator: ", "))")
}
guard let screen = DemoScreens.available[screenName] else {
  let available = DemoScreens.available.keys.sorted().joined(separator: ", ")
  fail("the screen '\(screenName)' is not yet available (its forms are still being built); available: \(available)")
}

let report = DemoReport(title: screen.summary, script: screen.script, timelines: screen.run())
print(report.lines.joined(separator: "\n"))
exit(report.disagreements.isEmpty ? 0 : 1)
