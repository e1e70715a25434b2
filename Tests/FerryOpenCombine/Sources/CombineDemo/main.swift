import CombineExamples
import Examples
import Foundation

// ferry-combine-demo: runs the Combine-era seed screens (001, 002, 004) through the root demo's scripted sessions
// in each Combine form (the Combine legacy form, the view-first and store-first mixes on FerryCombine's adapters),
// beside the root's forms of the same screens (the RxSwift-era legacy form and the migrated stores), on virtual
// time; prints the timelines side by side as marble rows, as `ferry-demo` does, and ends with `all forms agree`
// when every form of every screen shows the same timeline as the Combine legacy form. Exit status: 0 when they
// agree, 1 when they do not, 2 for a usage error.

let usage = """
  usage: ferry-combine-demo [--screen large-screen|todo|repository]
         ferry-combine-demo --help

  Runs the Combine-era seed screens (all three by default) through one scripted session in each of their forms —
  the Combine legacy form, the view-first and store-first mixes, and the root's RxSwift-era and migrated forms —
  on virtual time, prints the timelines side by side as marble rows, and says whether all forms agree (exit
  status 1 if they do not).
  """

/// One Combine-era screen of the demo.
struct CombineDemoScreen {
  let name: String
  let title: String
  let script: [String]
  let run: @MainActor () -> [DemoTimeline]
}

/// The script of a session, one line per command (the module prefixes of the examples' types removed).
func describe<Command>(_ script: [Timed<Command>]) -> [String] {
  script.map { "t=\($0.time): " + String(describing: $0.value).replacingOccurrences(of: "Examples.", with: "") }
}

/// The Combine forms' timelines, then the root's forms that are not already among them, each with its summary.
func timelines<State, Effect>(
  _ combine: [ScreenTimeline<State, Effect>], summaries: [String], root: [ScreenTimeline<State, Effect>],
  rootSummaries: [String]
) -> [DemoTimeline] {
  let names = Set(combine.map(\.form))
  let own = zip(combine, summaries).map { timeline, summary in DemoTimeline(timeline, summary: summary) }
  let others = zip(root, rootSummaries).filter { !names.contains($0.0.form) }.map { timeline, summary in
    var demo = DemoTimeline(timeline, summary: summary)
    demo.form = "rx." + demo.form
    return demo
  }
  return own + others
}

@MainActor
func screens() -> [CombineDemoScreen] {
  guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return [] }
  return [
    CombineDemoScreen(
      name: "large-screen", title: "seed 001 in Combine, a large screen: transform(input:) to split handlers",
      script: describe(LargeScreenForm.demoScript),
      run: {
        timelines(
          CombineLargeScreenForm.demoSession(makeTime: { DemoSessionTime() }),
          summaries: CombineLargeScreenForm.allCases.map(\.summary),
          root: LargeScreenForm.demoSession(makeTime: { DemoSessionTime() }),
          rootSummaries: LargeScreenForm.allCases.map(\.summary))
      }),
    CombineDemoScreen(
      name: "todo", title: "seed 002 in Combine, a TODO list: load, add, delete, a delete that fails",
      script: describe(TodoForm.demoScript),
      run: {
        timelines(
          CombineTodoForm.demoSession(makeTime: { DemoSessionTime() }),
          summaries: CombineTodoForm.allCases.map(\.summary),
          root: TodoForm.demoSession(makeTime: { DemoSessionTime() }), rootSummaries: TodoForm.allCases.map(\.summary))
      }),
    CombineDemoScreen(
      name: "repository", title: "seed 004 in Combine, a CurrentValueSubject repository consumed by two screens",
      script: describe(RepositoryForm.demoScript),
      run: {
        timelines(
          CombineRepositoryForm.demoSession(makeTime: { DemoSessionTime() }),
          summaries: CombineRepositoryForm.allCases.map(\.summary),
          root: RepositoryForm.demoSession(makeTime: { DemoSessionTime() }),
          rootSummaries: RepositoryForm.allCases.map(\.summary))
      }),
  ]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("ferry-combine-demo: \(message)\nRun 'ferry-combine-demo --help' for usage.\n".utf8))
  exit(2)
}

let available = MainActor.assumeIsolated { screens() }
var selected: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage)
    exit(0)
  case "--screen":
    guard let name = arguments.popFirst() else { fail("--screen needs a screen name") }
    selected = name
  default:
    if argument.hasPrefix("--screen=") {
      selected = String(argument.dropFirst("--screen=".count))
    } else {
      fail("unexpected argument '\(argument)'")
    }
  }
}
if let selected, !available.contains(where: { $0.name == selected }) {
  fail("unknown screen '\(selected)'; the screens are \(available.map(\.name).joined(separator: ", "))")
}
guard !available.isEmpty else { fail("needs macOS 15 / iOS 18 (the demo's virtual-time executor)") }

var disagreeing: [String] = []
for screen in available where selected == nil || screen.name == selected {
  let report = DemoReport(
    title: screen.title, script: screen.script, timelines: MainActor.assumeIsolated { screen.run() })
  var lines = report.lines
  lines[0] = lines[0].replacingOccurrences(of: "ferry-demo:", with: "ferry-combine-demo:")
  print(lines.joined(separator: "\n"))
  print("")
  if !report.disagreements.isEmpty { disagreeing.append(screen.name) }
}
if disagreeing.isEmpty {
  print("all forms agree")
  exit(0)
} else {
  print("THE FORMS DISAGREE: \(disagreeing.joined(separator: ", "))")
  exit(1)
}
