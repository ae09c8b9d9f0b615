import Foundation

/// One language's messages: what every page, script, e-mail and API refusal says, by key. A key the language
/// lacks falls back to English, so a half-done catalogue never shows an empty space (the completeness test keeps
/// the shipped ones whole).
public struct Messages: Sendable {
    public let language: Language
    private let entries: [String: String]
    private let english: [String: String]

    public init(language: Language, entries: [String: String], english: [String: String]) {
        self.language = language
        self.entries = entries
        self.english = english
    }

    /// English alone, for code that runs before any catalogue is loaded (and tests of the domain).
    public static func englishOnly(_ entries: [String: String]) -> Messages {
        Messages(language: .english, entries: entries, english: entries)
    }

    /// The message for `key` with its `{name}` placeholders filled. An unknown key comes back as itself, marked,
    /// so a mistake shows on the page instead of vanishing.
    public func callAsFunction(_ key: String, _ arguments: [String: String] = [:]) -> String {
        guard let template = raw(key) else { return "⟦?\(key)⟧" }
        return wrap(MessageTemplate.fill(template, arguments))
    }

    /// A count's message: the form CLDR's rules give the language for `count` (`key.one`, `key.few`, `key.many`…),
    /// `key.other` when the catalogue has no such form; `{count}` is the number in the language's own digits and
    /// separators.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = LocaleFormat(language: language).integer(count)
        let form = key + "." + PluralRules(languageCode: language.code).category(count)
        return self(has(form) ? form : key + ".other", arguments)
    }

    /// A message by key and values, as a domain error carries it; a key with `.one`/`.other` forms takes its
    /// `count` value to choose.
    public func callAsFunction(_ message: MessageKey) -> String {
        var arguments = message.arguments
        for (name, inner) in message.nested where has(inner) { arguments[name] = self(inner) }
        if !has(message.key), let count = message.arguments["count"].flatMap(Int.init), has(message.key + ".other") {
            return plural(message.key, count: count, arguments)
        }
        return self(message.key, arguments)
    }

    /// Sentences said one after the other, as their English is joined; nil when the catalogue cannot say one of them
    /// (or a message inside one), so the caller shows its English whole rather than half translated.
    public func say(all sentences: [MessageKey]) -> String? {
        guard !sentences.isEmpty, sentences.allSatisfy({ has($0) && $0.nested.values.allSatisfy(has) }) else { return nil }
        return sentences.map { self($0) }.joined(separator: " ")
    }

    /// Whether the catalogue (or English) has the key.
    public func has(_ key: String) -> Bool { raw(key) != nil }

    /// Whether the catalogue can say a keyed message: by its key, or by its plural forms.
    public func has(_ message: MessageKey) -> Bool { has(message.key) || has(message.key + ".other") }

    /// The keys under a prefix with their text, for a page script (`js.` messages): placeholders left in.
    public func section(_ prefix: String) -> [String: String] {
        var section: [String: String] = [:]
        for (key, value) in english where key.hasPrefix(prefix) { section[key] = wrap(entries[key] ?? value) }
        return section
    }

    private func raw(_ key: String) -> String? { entries[key] ?? english[key] }

    private func wrap(_ text: String) -> String { language == .pseudo ? "⟦" + text + "⟧" : text }
}

/// `{name}` placeholders in a message.
public enum MessageTemplate {
    public static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] { result += value } else { result += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The placeholder names a message uses, so the completeness test can check a translation keeps them.
    public static func placeholders(_ template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
