import CadenceCore
import Foundation
import Synchronization

/// Every language's messages, from one JSON file per language (`Resources/locales/<code>.json`). English is the
/// fallback for keys a translation lacks. Each language is read the first time it is asked for: reading and decoding
/// a catalogue is a few milliseconds of every start of the CLI and the server (issue 41), and most runs say things in
/// one language. The files are checked to be there when the catalogues are made.
public struct Catalogues: Sendable {
    private let directory: URL
    private let loaded: Loaded

    private final class Loaded: Sendable {
        let messages = Mutex<[Language: Messages]>([:])
        let english = Mutex<[String: String]?>(nil)
    }

    public init(directory: URL) throws {
        for language in Language.all where language != .pseudo {
            let file = directory.appendingPathComponent(language.code + ".json")
            guard FileManager.default.isReadableFile(atPath: file.path) else { throw UnreadableCatalogue(file: file.lastPathComponent) }
        }
        self.directory = directory
        loaded = Loaded()
    }

    /// The language's messages. A file that cannot be read is a packaging fault: it stops the process, naming it.
    public func messages(_ language: Language) -> Messages {
        if let found = loaded.messages.withLock({ $0[language] }) { return found }
        do {
            let english = try englishEntries()
            let entries = language == .pseudo || language == .english
                ? english : try Self.read(directory.appendingPathComponent(language.code + ".json"))
            let messages = Messages(language: language, entries: entries, english: english)
            loaded.messages.withLock { $0[language] = messages }
            return messages
        } catch {
            fatalError("the message catalogue of \(language.code) in \(directory.path) cannot be read: \(error)")
        }
    }

    private func englishEntries() throws -> [String: String] {
        if let english = loaded.english.withLock({ $0 }) { return english }
        let english = try Self.read(directory.appendingPathComponent("en.json"))
        loaded.english.withLock { $0 = english }
        return english
    }

    /// The catalogues that ship with the server. A missing file is a packaging fault found at start.
    public static let bundled: Catalogues = {
        do { return try Catalogues(directory: bundledDirectory) } catch {
            fatalError("the message catalogues in \(bundledDirectory.path) cannot be read: \(error)")
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

    /// Decoded straight into strings: JSONSerialization's objects, cast to `[String: String]` entry by entry, took
    /// most of every start of the CLI.
    static func read(_ file: URL) throws -> [String: String] {
        let data = try Data(contentsOf: file)
        do {
            return try JSONDecoder().decode([String: String].self, from: data)
        } catch is DecodingError {
            throw UnreadableCatalogue(file: file.lastPathComponent)
        }
    }
}
