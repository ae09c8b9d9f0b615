import CadenceCore
import Foundation
import PlatformService

/// `/account`: the password form, the language and units, and the sessions, the current one marked.
struct AccountPage: Sendable {
    struct Session: Sendable {
        let id: String
        let device: String
        /// "Last used 27 Nov 2026, 14:05", in the page's language.
        let lastUsed: String
        let signOutLabel: String
        let current: Bool
    }

    /// A language the person can choose, named in itself ("Español"), its option marked `lang`.
    struct LanguageChoice: Sendable {
        let code: String
        let name: String
        let selected: Bool
    }

    let sessions: [Session]
    let notice: String?
    let error: String?
    /// The account's chosen language code; nil when it follows the browser.
    let language: String?
    let languages: [LanguageChoice]
    let metric: Bool

    init(_ sessions: [SessionRecord], current: UUID, account: Account, messages: Messages, zone: TimeZone,
         notice: String?, error: String?) {
        let format = LocaleFormat(language: messages.language)
        self.sessions = sessions.map { session in
            let device = DeviceName.describe(userAgent: session.userAgent, messages: messages)
            let isCurrent = session.id == current
            return Session(
                id: session.id.uuidString, device: device,
                lastUsed: messages("account.sessions.last_used", ["date": format.dateTime(session.lastUsedAt, zone: zone)]),
                signOutLabel: messages(isCurrent ? "account.sessions.sign_out_current_label" : "account.sessions.sign_out_label",
                                       ["device": device]),
                current: isCurrent)
        }
        self.notice = notice
        self.error = error
        language = account.language?.code
        // The pseudo language is for tests; an account set to it (through the API) still sees it chosen.
        let offered = Language.offered + (account.language.map { Language.offered.contains($0) ? [] : [$0] } ?? [])
        languages = offered.map { LanguageChoice(code: $0.code, name: $0.endonym, selected: $0 == account.language) }
        metric = account.units == .metric
    }
}
