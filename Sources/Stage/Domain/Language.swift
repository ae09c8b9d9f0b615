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
        guard valid else { throw ValidationError(field: field, "\"\(text)\" is not a language tag; use a code such as en, es or pt-BR.") }
        return text
    }

    /// A readable name for a tag ("es" → "Spanish"), for menus.
    public static func name(of tag: String) -> String {
        Locale(identifier: "en").localizedString(forIdentifier: tag) ?? tag
    }
}

/// Text (or an asset id) in several languages. Asking for a language that is missing
/// falls back to the first language that has one, so a slide never shows up empty
/// only because one translation is missing.
public struct Localized<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var values: [String: Value]

    public init(_ values: [String: Value] = [:]) { self.values = values }

    public subscript(language: String) -> Value? {
        get { values[language] }
        set { values[language] = newValue }
    }

    /// The value in `language`, else in the first of `fallbacks` that has one, else any (sorted by tag, so stable).
    public func resolve(_ language: String, fallbacks: [String] = []) -> Value? {
        if let value = values[language] { return value }
        for tag in fallbacks { if let value = values[tag] { return value } }
        return values.keys.sorted().first.flatMap { values[$0] }
    }

    public var languages: [String] { values.keys.sorted() }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: Value].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
