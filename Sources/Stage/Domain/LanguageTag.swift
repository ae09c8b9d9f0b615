import CadenceCore
import Foundation

/// A language tag such as `en`, `es` or `pt-BR` (BCP 47, the short forms people use).
/// Slides and notes each carry their own, so a talk can show Spanish slides with English notes.
public enum LanguageTag {
    public static func check(_ raw: String, field: String) throws(ValidationError) -> String {
        let text = raw.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let valid = !parts.isEmpty && parts.count <= 3 && parts.allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        } && parts[0].allSatisfy(\.isLetter)
        guard valid else { throw ValidationError(field: field, "\"\(text)\" is not a language tag; use a code such as en, es or pt-BR.", key: "stage.error.language_tag", ["text": text]) }
        return text
    }
}
