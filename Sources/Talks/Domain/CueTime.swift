import Foundation
import CadenceCore

/// Times within a talk, typed as `m:ss` ("1:30") or whole seconds ("90").
public enum CueTime {
    /// Seconds from the start of the talk, or an error naming `field` when the text
    /// is empty, has letters, is negative, or is not a real `m:ss` (seconds 0–59).
    public static func parse(_ raw: String, field: String = "time") throws(ValidationError) -> Int {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { throw ValidationError(field: field, "Enter a time, as m:ss or seconds.", key: "talks.error.time_required") }
        if text.hasPrefix("-") { throw ValidationError(field: field, "A time cannot be negative.", key: "talks.error.time_negative") }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw ValidationError(field: field, "\"\(raw)\" is not a time: use m:ss (1:30) or seconds (90).",
                                  key: "talks.error.time_invalid", ["text": raw])
        }
        guard parts.allSatisfy({ $0.count <= 6 }) else {
            throw ValidationError(field: field, "\"\(raw)\" is too long for a talk.", key: "talks.error.time_too_long", ["text": raw])
        }
        if parts.count == 1 { return Int(parts[0])! }
        let minutes = Int(parts[0])!, seconds = Int(parts[1])!
        guard parts[1].count == 2, seconds < 60 else {
            throw ValidationError(field: field, "In m:ss the seconds go from 00 to 59, as in 1:05.", key: "talks.error.time_seconds")
        }
        return minutes * 60 + seconds
    }

    /// `m:ss`, the form people read and type.
    public static func format(_ seconds: Int) -> String {
        let clamped = max(0, seconds)
        let remainder = clamped % 60
        return "\(clamped / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
