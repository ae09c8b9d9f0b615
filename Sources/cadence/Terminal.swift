import CadenceCore
import Foundation
import Web

/// What the person at the terminal reads, in the language of their locale (`LC_ALL`, else `LC_MESSAGES`, else
/// `LANG`; English for C, POSIX or a language without a catalogue). Log lines and the bench tools stay English.
enum Terminal {
    static let language = Language.fromPOSIXEnvironment(ProcessInfo.processInfo.environment)
    static let messages: Messages = Catalogues.bundled.messages(language)

    /// A domain error's message in the terminal's language when it carries a catalogue key, else its English text.
    static func message(_ error: CadenceCore.ValidationError) -> String {
        error.localized.map { messages($0) } ?? error.message
    }

    static func message(_ error: Refused) -> String {
        error.localized.map { messages($0) } ?? error.message
    }
}
