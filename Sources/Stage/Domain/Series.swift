import CadenceCore
import Foundation

/// A series of talks (S1) that share their languages: the slide pictures and the
/// notes each come in several languages, and the one shown is chosen independently.
public struct Series: Equatable, Sendable {
    public let id: UUID
    public var title: String
    /// The languages the series' slides and notes exist in.
    public var slideLanguages: [String]
    public var notesLanguages: [String]
    /// The languages chosen now (from the talk picker's toolbar).
    public var slideLanguage: String
    public var notesLanguage: String
    /// The demo series shipped to every account, hidden once the person has a complete series of their own.
    public var isDemo: Bool

    public static let maximumTitleLength = 120

    /// The catalogue keys of a title's refusals (the empty one is also the check just above RequiredText's).
    public static let titleKeys = RequiredText.Keys(empty: "stage.error.series_title_required", nul: "stage.error.series_title_nul",
                                                     tooLong: "stage.error.series_title_long")

    public init(
        id: UUID = UUID(), title: String, slideLanguages: [String] = ["en"], notesLanguages: [String] = ["en"],
        slideLanguage: String? = nil, notesLanguage: String? = nil, isDemo: Bool = false
    ) throws(ValidationError) {
        self.id = id
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError(field: "title", "Give the series a title.", key: Self.titleKeys.empty)
        }
        self.title = try RequiredText.check(title, field: "title", maximumLength: Self.maximumTitleLength,
                                            whenEmpty: "Give the series a title.", noun: "A series title", keys: Self.titleKeys)
        self.slideLanguages = try Self.languages(slideLanguages, field: "slideLanguages")
        self.notesLanguages = try Self.languages(notesLanguages, field: "notesLanguages")
        self.slideLanguage = slideLanguage ?? self.slideLanguages[0]
        self.notesLanguage = notesLanguage ?? self.notesLanguages[0]
        self.isDemo = isDemo
        try choose(slideLanguage: self.slideLanguage, notesLanguage: self.notesLanguage)
    }

    /// Switches the languages shown; each must be one the series has.
    public mutating func choose(slideLanguage: String, notesLanguage: String) throws(ValidationError) {
        guard slideLanguages.contains(slideLanguage) else {
            throw ValidationError(field: "slideLanguage", "This series has slides in \(Self.list(slideLanguages)), not \(slideLanguage).",
                                  key: "stage.error.no_such_slide_language", ["languages": Self.list(slideLanguages), "language": slideLanguage])
        }
        guard notesLanguages.contains(notesLanguage) else {
            throw ValidationError(field: "notesLanguage", "This series has notes in \(Self.list(notesLanguages)), not \(notesLanguage).",
                                  key: "stage.error.no_such_notes_language", ["languages": Self.list(notesLanguages), "language": notesLanguage])
        }
        self.slideLanguage = slideLanguage
        self.notesLanguage = notesLanguage
    }

    /// A notes language asked for (the chosen one when none is), checked against the series'.
    public func notesLanguage(_ requested: String?, field: String = "language") throws(ValidationError) -> String {
        let language = requested ?? notesLanguage
        guard notesLanguages.contains(language) else {
            throw ValidationError(field: field, "This series has notes in \(Self.list(notesLanguages)), not \(language).",
                                  key: "stage.error.no_such_notes_language", ["languages": Self.list(notesLanguages), "language": language])
        }
        return language
    }

    /// The languages a deck is drawn in now.
    public var deckLanguages: Deck.Languages {
        Deck.Languages(slide: slideLanguage, notes: notesLanguage, fallbacks: slideLanguages)
    }

    private static func languages(_ tags: [String], field: String) throws(ValidationError) -> [String] {
        var seen: [String] = []
        for tag in tags {
            let checked = try LanguageTag.check(tag, field: field)
            if !seen.contains(checked) { seen.append(checked) }
        }
        guard !seen.isEmpty else { throw ValidationError(field: field, "A series needs at least one language.", key: "stage.error.language_required") }
        return seen
    }

    private static func list(_ tags: [String]) -> String { tags.joined(separator: ", ") }
}
