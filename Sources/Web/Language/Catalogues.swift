import CadenceCore
import Foundation

/// Every language's catalogue, read once from `Resources/locales/<code>.json` (a flat object of key → message).
/// English is whole by definition; the others fall back to it key by key.
public struct Catalogues: Sendable {
    private let messages: [Language: Messages]

    public init(directory: URL) throws {
        let english = try Self.read(directory.appendingPathComponent("en.json"))
        var messages: [Language: Messages] = [:]
        for language in Language.all {
            let entries = language == .pseudo || language == .english
                ? english : try Self.read(directory.appendingPathComponent(language.code + ".json"))
            messages[language] = Messages(language: language, entries: entries, english: english)
        }
        self.messages = messages
    }

    public func messages(_ language: Language) -> Messages {
        messages[language] ?? messages[.english]!
    }

    /// The catalogues that ship with the server. A missing or broken file is a packaging fault found at start.
    public static let bundled: Catalogues = {
        let directory = Bundle.module.bundleURL.appendingPathComponent("Resources").appendingPathComponent("locales")
        do { return try Catalogues(directory: directory) } catch {
            fatalError("the message catalogues in \(directory.path) cannot be read: \(error)")
        }
    }()

    /// The folder holding one JSON file per language.
    public static var bundledDirectory: URL {
        Bundle.module.bundleURL.appendingPathComponent("Resources").appendingPathComponent("locales")
    }

    public struct UnreadableCatalogue: Error, CustomStringConvertible {
        public let file: String
        public var description: String { "\(file) is not a JSON object of strings" }
    }

    static func read(_ file: URL) throws -> [String: String] {
        let data = try Data(contentsOf: file)
        guard let entries = try JSONSerialization.jsonObject(with: data) as? [String: String] else {
            throw UnreadableCatalogue(file: file.lastPathComponent)
        }
        return entries
    }
}
