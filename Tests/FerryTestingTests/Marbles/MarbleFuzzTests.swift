import Ferry
import FerryTesting
import Testing

/// A small deterministic generator (SplitMix64), so the fuzz inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Marble fuzz")
struct MarbleFuzzTests {
  static let alphabet: [Character] = Array("-abc|#^!()[]<>@ 0123456789x\t\né😀")

  static func randomDiagram(_ random: inout SplitMix64) -> String {
    let length = Int(random.next() % 24)
    return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
  }

  @Test func hundredThousandRandomDiagramsNeverCrashOrHang() {
    var random = SplitMix64(seed: 0xFE44)
    let clock = ContinuousClock()
    let start = clock.now
    var parsed = 0
    var rejected = 0
    for _ in 0..<100_000 {
      let diagram = Self.randomDiagram(&random)
      do {
        let timeline = try MarbleDiagram.parse(diagram, values: ["a": 1, "b": 2, "c": 3])
        parsed += 1
        if parsed % 10 == 0 { try expectRoundTrip(diagram, timeline) }  // sampled, to keep the test fast
      } catch {
        rejected += 1
        if error.column < 1 || error.column > diagram.count + 1 { Issue.record("column out of range: \(error)") }
        _ = error.description
      }
      _ = try? MarbleDiagram.parseSubscriptions([diagram])
    }
    #expect(parsed + rejected == 100_000)
    #expect(parsed > 100)  // the alphabet is rich enough to produce valid diagrams too
    // A hang guard, not a benchmark: 100,000 short diagrams take a few seconds in debug builds.
    #expect(clock.now - start < .seconds(120))
  }

  /// Whatever parses renders back to the same events.
  func expectRoundTrip(_ diagram: String, _ timeline: MarbleTimeline<Int>) throws(MarbleParseError) {
    let rendered = MarbleDiagram.render(
      timeline.events, values: ["a": 1, "b": 2, "c": 3], subscriptionTime: timeline.subscriptionTime)
    let again = try MarbleDiagram.parse(rendered, values: ["a": 1, "b": 2, "c": 3])
    if again.events != timeline.events { Issue.record("round trip of \(diagram) via \(rendered)") }
  }
}
