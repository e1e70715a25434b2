import Examples
import Testing

/// The seed screens 001–004 are registered with `ferry-demo`, and every form agrees on the demo's DemoScheduler.
@MainActor
@Suite("ferry-demo: seed screens 001–004")
struct SeedScreenDemoTests {
  @Test(
    "registered, and every form's timeline is the same", arguments: ["large-screen", "todo", "settings", "repository"])
  func formsAgree(name: String) throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
    let screen = try #require(DemoScreens.available[name])
    #expect(screen.name == name)
    #expect(!screen.script.isEmpty)
    let timelines = screen.run()
    #expect(timelines.count >= 3)
    #expect(timelines.allSatisfy { $0.rows == timelines[0].rows })
    #expect(timelines[0].rows.first.map { $0.values.count > 1 } == true, "the screen shows more than its first state")
  }
}
