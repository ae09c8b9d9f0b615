import CadenceCore
import Foundation

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

    /// The language `resolve` takes its value from (the same fallbacks), so a page can mark the words with it.
    public func resolvedLanguage(_ language: String, fallbacks: [String] = []) -> String? {
        if values[language] != nil { return language }
        for tag in fallbacks where values[tag] != nil { return tag }
        return values.keys.sorted().first
    }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: Value].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
