import Foundation

/// Notes markers (S3, the PC software's format): text inside `<C>…<c>` is shown on the
/// audience screens, one block per step, and `<R>` clears the screens; what follows it is
/// the speaker's closing notes. Advancing on such a slide steps through the blocks.
public struct CaptionScript: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        /// What the speaker reads at this step (markers removed).
        public let notes: String
        /// What the audience sees at this step; nil shows no caption.
        public let caption: String?
    }

    public let steps: [Step]

    /// Splits notes into steps, or nil when they carry no markers (ordinary notes).
    public static func parse(_ notes: String) -> CaptionScript? {
        guard notes.contains("<C>") || notes.contains("<R>") else { return nil }
        var steps: [Step] = []
        var pending = ""  // speaker text since the last step
        var rest = Substring(notes)
        while !rest.isEmpty {
            let open = rest.range(of: "<C>"), reset = rest.range(of: "<R>")
            if let reset, open.map({ reset.lowerBound < $0.lowerBound }) ?? true {
                pending += rest[..<reset.lowerBound]
                if !trimmed(pending).isEmpty || steps.isEmpty { steps.append(Step(notes: trimmed(pending), caption: steps.last?.caption)) }
                // After <R> the screens are clear and the remaining text is the closing notes.
                let closing = String(rest[reset.upperBound...]).replacingOccurrences(of: "<R>", with: "")
                steps.append(Step(notes: trimmed(strip(closing)), caption: nil))
                return CaptionScript(steps: steps)
            }
            guard let open else {
                pending += rest
                break
            }
            pending += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            let close = afterOpen.range(of: "<c>")
            let caption = String(close.map { afterOpen[..<$0.lowerBound] } ?? afterOpen)
            rest = close.map { afterOpen[$0.upperBound...] } ?? ""
            // The speaker sees the caption's words too, with the text that led up to it.
            let speaker = [trimmed(pending), trimmed(caption)].filter { !$0.isEmpty }.joined(separator: "\n")
            steps.append(Step(notes: speaker, caption: trimmed(caption)))
            pending = ""
        }
        if !trimmed(pending).isEmpty {
            // Trailing words after the last caption belong to the last step.
            if let last = steps.popLast() {
                steps.append(Step(notes: [last.notes, trimmed(pending)].joined(separator: "\n"), caption: last.caption))
            } else {
                steps.append(Step(notes: trimmed(pending), caption: nil))
            }
        }
        return CaptionScript(steps: steps)
    }

    /// Notes with the markers taken out, for places that show notes whole (the picker, a handout).
    public static func strip(_ notes: String) -> String {
        notes.replacingOccurrences(of: "<C>", with: "").replacingOccurrences(of: "<c>", with: "")
            .replacingOccurrences(of: "<R>", with: "")
    }

    private static func trimmed<S: StringProtocol>(_ text: S) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
