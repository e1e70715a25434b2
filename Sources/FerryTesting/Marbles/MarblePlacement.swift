// The timing half of the marble grammar: gives every frame of a scanned diagram its virtual time.

/// A frame with marbles, at its time.
struct MarblePlacedFrame: Equatable {
  let time: TestTime
  let items: [MarbleItemAt]
}

/// The frames of a diagram that hold marbles, with their times (frame 0 at time 0 until `shifted(by:)`).
struct MarblePlacement: Equatable {
  /// Frames with at least one marble, in time order.
  var frames: [MarblePlacedFrame]
  /// Whether the diagram pins itself to absolute time with `<@t>` (then `^` does not move it).
  var isAbsolute: Bool

  /// Places `steps`; `diagram` is only used for error messages.
  static func place(
    _ steps: [MarbleStep], frameTicks: TestTime, diagram: String
  ) throws(MarbleParseError)
    -> MarblePlacement
  {
    var frames: [MarblePlacedFrame] = []
    var isAbsolute = false
    var next: TestTime = 0
    // The one timing rule: time never moves backwards in a diagram. Every step that has a time — a frame (a marble,
    // a group, `-`, each silent frame of `<n>`) or a `<@t>` — sets `last`; a `<@t>` must name a later time.
    var last: (time: TestTime, step: String)?
    func overflow(_ step: MarbleStep) -> MarbleParseError {
      MarbleParseError(
        column: step.column, character: Array(diagram)[step.column - 1],
        expected: "expected a diagram whose times fit in an Int; this one overflows", diagram: diagram)
    }
    // Time past Int.max is only an error if a frame would be there: the end of the last frame may overflow.
    var overflowed = false
    for step in steps {
      switch step.kind {
      case .frame(let items):
        if overflowed { throw overflow(step) }
        if !items.isEmpty { frames.append(MarblePlacedFrame(time: next, items: items)) }
        last = (next, "the previous frame")
        (next, overflowed) = next.addingReportingOverflow(frameTicks)
      case .silence(let count):
        let (span, spanOverflowed) = frameTicks.multipliedReportingOverflow(by: count)
        let (sum, sumOverflowed) = next.addingReportingOverflow(span)
        if count > 0 && (overflowed || spanOverflowed || sumOverflowed) { throw overflow(step) }
        if count > 0 { last = (sum - frameTicks, "the previous frame") }
        next = sum
      case .absolute(let time):
        if let last, time <= last.time {
          throw MarbleParseError(
            column: step.column, character: "<",
            expected: "expected a time after \(last.time), the time of \(last.step); time never moves backwards in "
              + "a diagram", diagram: diagram)
        }
        isAbsolute = true
        last = (time, "the previous '<@\(time)>'")
        next = time
        overflowed = false
      }
    }
    return MarblePlacement(frames: frames, isAbsolute: isAbsolute)
  }

  /// The time of the first `^`, if any.
  var subscriptionTime: TestTime? {
    frames.first { frame in frame.items.contains { $0.item == .subscribe } }?.time
  }

  /// All times moved by `delta`.
  func shifted(by delta: TestTime) -> MarblePlacement {
    MarblePlacement(
      frames: frames.map { MarblePlacedFrame(time: $0.time &+ delta, items: $0.items) }, isAbsolute: isAbsolute)
  }
}
