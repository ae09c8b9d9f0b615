import Foundation

public struct ImportedDeck: Sendable {
    public var title: String
    public var slides: [ImportedSlide]
    public var warnings: [DeckImportWarning]

    public init(title: String, slides: [ImportedSlide], warnings: [DeckImportWarning] = []) {
        self.title = title
        self.slides = slides
        self.warnings = warnings
    }
}

/// Something an import left out and the person should know: its English `message`, and its catalogue key
/// (`stage.import.warning.…`) with the `{name}` values, for the web layer to say in the person's language.
public struct DeckImportWarning: Sendable, Equatable {
    public let message: String
    public let key: String
    public let arguments: [String: String]

    init(_ key: String, _ message: String, _ arguments: [String: String] = [:]) {
        self.key = "stage.import.warning." + key
        self.message = message
        self.arguments = arguments
    }
}
