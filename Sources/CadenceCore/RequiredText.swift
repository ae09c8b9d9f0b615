import Foundation

/// Short, required text a person types (names, titles): trimmed, non-empty, bounded.
public enum RequiredText {
    /// The catalogue keys of the three refusals, so each can be said in the person's language; `tooLong` has `{max}`.
    public struct Keys: Sendable {
        public let empty: String
        public let nul: String
        public let tooLong: String

        public init(empty: String, nul: String, tooLong: String) {
            self.empty = empty
            self.nul = nul
            self.tooLong = tooLong
        }

        /// `<prefix><separator>required` (or `empty`), `…nul` and `…too_long`.
        public static func under(_ prefix: String, _ separator: String = "_", empty: String = "required") -> Keys {
            Keys(empty: prefix + separator + empty, nul: prefix + separator + "nul", tooLong: prefix + separator + "too_long")
        }
    }

    /// - Parameters:
    ///   - whenEmpty: the message for an empty value ("Give the device a name.").
    ///   - noun: what the value is, for the too-long message ("A device name").
    ///   - keys: where the three refusals' words are in the catalogue (the English text stays as written here).
    public static func check(
        _ raw: String, field: String, maximumLength: Int, whenEmpty: String, noun: String, keys: Keys? = nil
    ) throws(ValidationError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { throw ValidationError(field: field, whenEmpty, key: keys?.empty) }
        // SQLite hands text back only up to a NUL: "\u{0}abc" would be stored and then read as empty.
        if text.unicodeScalars.contains("\u{0}") {
            throw ValidationError(field: field, "\(noun) cannot contain a NUL character (U+0000).", key: keys?.nul)
        }
        // Counted in Unicode code points, as JSON Schema's maxLength (the API's documented limits) counts:
        // "🇺🇸" is one character on screen but two code points. And counted as sent, spaces around it
        // included, as the spec (and a form's maxlength) count it.
        if raw.unicodeScalars.count > maximumLength {
            throw ValidationError(field: field, "\(noun) has at most \(maximumLength) characters.",
                                  key: keys?.tooLong, ["max": String(maximumLength)])
        }
        return text
    }
}
