import CadenceCore
import Foundation
import Stage
import Web

/// The words Stage's pages make in Swift, in the request's language: counts, language names, and the few messages
/// that carry a link or markup.
struct StageWords: Sendable {
    let messages: Messages

    init(_ messages: Messages) { self.messages = messages }

    func callAsFunction(_ key: String, _ arguments: [String: String] = [:]) -> String { messages(key, arguments) }

    func talks(_ n: Int) -> String { messages.plural("stage.count.talks", count: n) }
    func slides(_ n: Int) -> String { messages.plural("stage.count.slides", count: n) }

    /// A language tag's name in the interface language ("es" → "Spanish", "español").
    func languageName(_ tag: String) -> String {
        StageWords.languageName(tag, in: messages.language)
    }

    func languageList(_ tags: [String]) -> String { tags.map(languageName).joined(separator: ", ") }

    /// "8 KB", "70,2 GB".
    func size(_ bytes: Int64) -> String { LocaleFormat(language: messages.language).fileSize(bytes) }

    static func languageName(_ tag: String, in language: Language) -> String {
        let locale = Locale(identifier: language == .english || language == .pseudo ? "en" : language.code)
        return locale.localizedString(forIdentifier: tag) ?? tag
    }

    /// A message with markup markers as HTML (`MessageHTML`).
    func html(_ key: String, href: String = "", _ arguments: [String: String] = [:]) -> String {
        MessageHTML.say(messages, key, href: href, arguments)
    }

    /// The interface languages a person can switch to, each by its own name.
    func appLanguages() -> [StageChoice] {
        Language.offered.map { StageChoice(value: $0.code, label: $0.endonym, selected: $0 == messages.language) }
    }

    func languageChoices(_ tags: [String], current: String) -> [StageChoice] {
        tags.map { StageChoice(value: $0, label: languageName($0), selected: $0 == current) }
    }

    func advanceMethod(_ method: AdvanceMethod) -> String { messages("stage.advance." + method.rawValue.replacingOccurrences(of: "-", with: "_")) }

    func appealKind(_ kind: AppealKind) -> String { messages("stage.appeal." + kind.rawValue) }
}
