import Examples
import FerryMarbles

/// The printed report of one screen's run: the script, the forms, their timelines side by side as marble rows, a
/// legend, and whether every form agrees with the first.
struct DemoReport {
  /// One marble frame, in ticks.
  static let frameTicks = 10

  let title: String
  let script: [String]
  let timelines: [DemoTimeline]

  /// The forms whose timeline differs from the first form's, with the first row that differs.
  var disagreements: [(form: String, row: String)] {
    guard let reference = timelines.first else { return [] }
    return timelines.dropFirst().compactMap { timeline in
      guard timeline.rows != reference.rows else { return nil }
      let row = zip(reference.rows, timeline.rows).first { $0 != $1 }?.0.label ?? "rows"
      return (timeline.form, row)
    }
  }

  var lines: [String] {
    var names: [String] = []
    func token(_ description: String) -> String {
      if let index = names.firstIndex(of: description) { return Self.name(index) }
      names.append(description)
      return Self.name(names.count - 1)
    }
    let labels = timelines.first?.rows.map(\.label) ?? []
    var rows: [MarbleRow] = []
    var rowTitles: [String] = []
    let formWidth = timelines.map(\.form.count).max() ?? 0
    let labelWidth = labels.map(\.count).max() ?? 0
    for (index, label) in labels.enumerated() {
      for timeline in timelines {
        let row = index < timeline.rows.count ? timeline.rows[index] : DemoRow(label: label, values: [])
        rows.append(MarbleRow(tokens: row.values.map { ($0.time, MarbleLayout.token(forName: token($0.value))) }))
        rowTitles.append(
          "  \(pad(label, labelWidth)) \(pad(timeline.form, formWidth))  ")
      }
    }
    let rendered = MarbleLayout.render(rows, anchor: 0, frameTicks: Self.frameTicks)

    var out = ["ferry-demo: \(title)", ""]
    out.append("The user, in virtual time (ticks; nothing here waits on the wall clock):")
    out += script.map { "  \($0)" }
    out.append("")
    out.append("The forms, in the order a team ships them:")
    out += timelines.map { $0.summary.isEmpty ? "  \($0.form)" : "  \(pad($0.form, formWidth))  \($0.summary)" }
    out.append("")
    out.append("What each form's screen shows and does (one marble frame = \(Self.frameTicks) ticks, from t=0):")
    out.append("(a letter is a value, named under \"where\"; - a frame with nothing; (fg) several values in one frame,")
    out.append(" which other rows pad with blanks to stay aligned; <n> n frames with nothing)")
    var previousLabel: String?
    for (title, line) in zip(rowTitles, rendered) {
      let label = title.trimmingPrefix(" ").split(separator: " ").first.map(String.init)
      if let previousLabel, previousLabel != label { out.append("") }
      previousLabel = label
      out.append(line.isEmpty ? title + "(nothing)" : title + line)
    }
    out.append("")
    out.append("where")
    out += names.enumerated().map { "  \(MarbleLayout.token(forName: Self.name($0.offset))) = \($0.element)" }
    out.append("")
    let disagreements = self.disagreements
    if disagreements.isEmpty {
      out.append("all forms agree: \(timelines.count) forms, identical timelines")
    } else {
      out.append("THE FORMS DISAGREE:")
      out += disagreements.map { "  \($0.form) differs from \(timelines[0].form) in what the screen \($0.row)" }
    }
    return out
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
  }

  private static func name(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return index < letters.count ? String(letters[index]) : "v\(index)"
  }
}
