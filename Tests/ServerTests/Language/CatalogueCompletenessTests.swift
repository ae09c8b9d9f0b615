import CadenceCore
import Foundation
import Testing
import Web

/// Every language file has every English key with the same placeholders, and every key the templates, scripts and
/// Swift code ask for exists: adding a language is one file, and this suite says what it still lacks.
@Suite(.timeLimit(.minutes(5))) struct CatalogueCompletenessTests {
    static let directory = Catalogues.bundledDirectory
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static func catalogue(_ code: String) throws -> [String: String] {
        let data = try Data(contentsOf: directory.appendingPathComponent(code + ".json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String], "\(code).json is an object of strings")
    }

    /// Every language file beside English (a new one is checked the moment it is added).
    static var languageFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "en.json" }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereIsMoreThanEnglish() {
        #expect(Self.languageFiles.contains("es"))
    }

    @Test(arguments: languageFiles) func aLanguageHasEveryKeyWithTheSamePlaceholders(_ code: String) throws {
        let english = try Self.catalogue("en")
        let other = try Self.catalogue(code)
        let missing = Set(english.keys).subtracting(other.keys).sorted()
        #expect(missing.isEmpty, "\(code).json lacks \(missing.count) keys: \(missing.prefix(20))")
        let unknown = Set(other.keys).subtracting(english.keys).sorted()
        #expect(unknown.isEmpty, "\(code).json has keys English does not: \(unknown.prefix(20))")
        for (key, text) in other {
            guard let source = english[key] else { continue }
            #expect(MessageTemplate.placeholders(text) == MessageTemplate.placeholders(source),
                    "\(code).json \(key) must keep the placeholders of \"\(source)\"")
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(code).json \(key) is empty")
        }
    }

    /// `{{t.a.b}}` walks names: a key that is also the start of another could never be reached.
    /// Markup in a message is marked (`{strong}`, `{link}`, `{code}`; see `MessageHTML`), never written as tags a
    /// translator would have to keep intact.
    @Test(arguments: ["en"] + languageFiles) func noMessageHoldsMarkup(_ code: String) throws {
        let tags = try Regex(#"</?(a|strong|em|b|i|code|br|span|p)[\s/>]"#)
        for (key, text) in try Self.catalogue(code) { #expect(text.firstMatch(of: tags) == nil, "\(code).json \(key): \(text)") }
    }

    @Test func noKeyIsAlsoThePrefixOfAnother() throws {
        let keys = Set(try Self.catalogue("en").keys)
        let clashes = keys.filter { key in keys.contains { $0.hasPrefix(key + ".") } }.sorted()
        #expect(clashes.isEmpty, "keys that are also prefixes: \(clashes.prefix(10))")
    }

    @Test func everyKeyTheTemplatesAndScriptsUseExists() throws {
        let english = try Self.catalogue("en")
        var missing: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { ["mustache", "js"].contains($0.pathExtension) }
        #expect(files.count > 50)
        let templateKey = try Regex(#"\{\{\{?t\.([\w.]+)\}?\}\}"#)
        let scriptKey = try Regex(#"\b(t|plural)\(\s*['"`]([\w.]+)['"`]"#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            if file.pathExtension == "mustache" {
                for match in text.matches(of: templateKey) {
                    let key = String(match.output[1].substring!)
                    if english[key] == nil { missing.append("\(file.lastPathComponent): \(key)") }
                }
            } else if text.contains("./i18n.js") {
                for match in text.matches(of: scriptKey) {
                    let isPlural = match.output[1].substring == "plural"
                    let key = "js." + String(match.output[2].substring!) + (isPlural ? ".one" : "")
                    if english[key] == nil { missing.append("\(file.lastPathComponent): \(key)") }
                }
            }
        }
        #expect(missing.isEmpty, "keys used but not in en.json: \(missing.prefix(20))")
    }
}
