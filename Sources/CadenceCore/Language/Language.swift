/// A language the interface speaks. English is the catalogue every other one is checked against; the pseudo
/// language wraps every message in ⟦ ⟧ so a test can find text that skipped the catalogues.
public struct Language: Hashable, Sendable, CustomStringConvertible {
    /// The BCP 47 tag pages carry in `lang` and the account setting stores ("en", "es", "qps").
    public let code: String

    public init?(code: String) {
        let tag = code.lowercased()
        guard let known = Self.all.first(where: { $0.code == tag || tag.hasPrefix($0.code + "-") }) else { return nil }
        self = known
    }

    private init(fixed code: String) { self.code = code }

    public static let english = Language(fixed: "en")
    public static let spanish = Language(fixed: "es")
    /// Not offered on the account page; reached with `Accept-Language: qps` or the API, for the marker test.
    public static let pseudo = Language(fixed: "qps")

    /// Every language with a catalogue, the pseudo one included.
    public static let all: [Language] = [.english, .spanish, .pseudo]
    /// What the account page offers.
    public static let offered: [Language] = [.english, .spanish]

    /// The locale whose formats (dates, numbers, first weekday) go with the language.
    public var localeIdentifier: String {
        switch code {
        case "es": "es_ES"
        case "qps": "en_GB"
        default: "en_GB"
        }
    }

    /// The language's own name for itself, as a chooser lists it.
    public var endonym: String {
        switch code {
        case "es": "Español"
        case "qps": "Pseudo (⟦ ⟧)"
        default: "English"
        }
    }

    public var description: String { code }
}

extension Language: Codable {
    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let language = Language(code: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no catalogue for \(code)"))
        }
        self = language
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
