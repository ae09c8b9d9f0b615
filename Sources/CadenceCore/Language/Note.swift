import Foundation

/// A sentence for a person, kept as a page-script catalogue key (without its `js.` prefix) and its values, so it can
/// be stored and said later in the language of whoever reads it: what reading a run's file noticed, what cleaning
/// dropped. Numbers stay numbers (JSON numbers) for the reader's locale to write; text values are said as they are.
/// A key with `.one`/`.other` forms takes its `count` value to choose.
public struct Note: Codable, Equatable, Hashable, Sendable {
    public enum Value: Codable, Equatable, Hashable, Sendable {
        case number(Double)
        case text(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    public let key: String
    public let values: [String: Value]

    public init(_ key: String, _ values: [String: Value] = [:]) {
        self.key = key
        self.values = values
    }
}

extension Note.Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A count or another whole number.
    public static func whole(_ value: Int) -> Note.Value { .number(Double(value)) }

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension Messages {
    /// A note in this language: numbers in the locale's digits (at most one decimal), the plural form by `count`.
    public func say(_ note: Note) -> String {
        let format = LocaleFormat(language: language)
        var arguments: [String: String] = [:]
        for (name, value) in note.values {
            switch value {
            case .number(let number): arguments[name] = format.number(number)
            case .text(let text): arguments[name] = text
            }
        }
        let key = "js." + note.key
        if !has(key), case .number(let number)? = note.values["count"], let count = Int(exactly: number), has(key + ".one") {
            return plural(key, count: count, arguments)
        }
        return self(key, arguments)
    }
}
