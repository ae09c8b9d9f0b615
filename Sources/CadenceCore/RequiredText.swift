import Foundation

/// Short, required text a person types (names, titles): trimmed, non-empty, bounded.
public enum RequiredText {
    /// - Parameters:
    ///   - whenEmpty: the message for an empty value ("Give the device a name.").
    ///   - noun: what the value is, for the too-long message ("A device name").
    public static func check(
        _ raw: String, field: String, maximumLength: Int, whenEmpty: String, noun: String
    ) throws(ValidationError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { throw ValidationError(field: field, whenEmpty) }
        // SQLite hands text back only up to a NUL: "\u{0}abc" would be stored and then read as empty.
        if text.unicodeScalars.contains("\u{0}") {
            throw ValidationError(field: field, "\(noun) cannot contain a NUL character (U+0000).")
        }
        // Counted in Unicode code points, as JSON Schema's maxLength (the API's documented limits) counts:
        // "🇺🇸" is one character on screen but two code points. And counted as sent, spaces around it
        // included, as the spec (and a form's maxlength) count it.
        if raw.unicodeScalars.count > maximumLength {
            throw ValidationError(field: field, "\(noun) has at most \(maximumLength) characters.")
        }
        return text
    }
}
