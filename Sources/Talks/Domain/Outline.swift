import CadenceCore
import Foundation

/// A topic as plain text, one cue a line: `0:30 Intro`. Lines starting with `#`
/// give the title (`# My talk`) and the duration (`# duration 5:00`).
public enum Outline {
    public static func export(_ topic: Topic) -> String {
        var lines = ["# \(topic.title)", "# duration \(CueTime.format(topic.duration))"]
        lines += topic.cues.map { "\(CueTime.format($0.at)) \($0.keyword)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads an outline; an error names the line at fault (`field` is `line 3`).
    public static func parse(_ text: String, fallbackTitle: String = "Imported talk") throws(ValidationError) -> Topic {
        var title: String?
        var duration: Int?
        var cues: [(keyword: String, time: String, line: Int)] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let number = offset + 1
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let content = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if content.lowercased().hasPrefix("duration ") {
                    do {
                        duration = try CueTime.parse(String(content.dropFirst("duration ".count)), field: "line \(number)")
                    } catch {
                        throw onLine(number, error)
                    }
                } else if title == nil {
                    title = content
                }
                continue
            }
            guard let space = line.firstIndex(where: { $0.isWhitespace }) else {
                throw ValidationError(field: "line \(number)", "Line \(number) needs a time and a keyword, as in \"0:30 Intro\".",
                                      key: "talks.error.line_format", ["line": String(number)])
            }
            cues.append((String(line[space...]).trimmingCharacters(in: .whitespaces), String(line[..<space]), number))
        }
        let latest = cues.compactMap { try? CueTime.parse($0.time) }.max() ?? 0
        var topic = try Topic(title: title ?? fallbackTitle, duration: duration ?? max(Topic.defaultDuration, latest))
        for cue in cues {
            do {
                try topic.insert(try topic.makeCue(keyword: cue.keyword, time: cue.time))
            } catch {
                throw onLine(cue.line, error)
            }
        }
        return topic
    }

    /// A refusal of what is on line `number`, the line named first ("Line 3: A time cannot be negative."): its key is
    /// the line's own version of the message's (`talks.error.line.time_negative`), with the same values and `{line}`.
    private static func onLine(_ number: Int, _ error: ValidationError) -> ValidationError {
        var arguments = error.localized?.arguments ?? [:]
        arguments["line"] = String(number)
        let key = error.localized.map { "talks.error.line." + $0.key.replacingOccurrences(of: "talks.error.", with: "") }
        return ValidationError(field: "line \(number)", "Line \(number): \(error.message)", key: key, arguments)
    }
}
