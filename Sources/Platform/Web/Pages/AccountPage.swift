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

    /// Which of the page's forms a refusal came from: its message is shown in that form, under the field it names.
    enum Form: Sendable {
        case preferences, password, delete
    }

    /// A refusal in one form: its message, and the field marked (`aria-invalid`).
    struct Refusal: Sendable {
        let message: String
        let currentPassword: Bool
        let newPassword: Bool
        let confirmPassword: Bool
        let password: Bool
        let confirm: Bool
        let language: Bool
        let units: Bool
        /// The field named is none of the form's own: the message goes at the form's end, by its button.
        let unplaced: Bool

        init(message: String, field: String?) {
            self.message = message
            currentPassword = field == "currentPassword"
            newPassword = field == "newPassword"
            confirmPassword = field == "confirmPassword"
            password = field == "password"
            confirm = field == "confirm"
            language = field == "language"
            units = field == "units"
            unplaced = !(currentPassword || newPassword || confirmPassword || password || confirm)
        }
    }

    let sessions: [Session]
    let notice: String?
    let preferencesRefusal: Refusal?
    let passwordRefusal: Refusal?
    let deleteRefusal: Refusal?
    /// The account's chosen language code; nil when it follows the browser.
    let language: String?
    let languages: [LanguageChoice]
    let metric: Bool

    init(_ sessions: [SessionRecord], current: UUID, account: Account, messages: Messages, zone: TimeZone,
         notice: String?, refusal: (form: Form, message: String, field: String?)? = nil) {
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
        let shown = refusal.map { Refusal(message: $0.message, field: $0.field) }
        preferencesRefusal = refusal?.form == .preferences ? shown : nil
        passwordRefusal = refusal?.form == .password ? shown : nil
        deleteRefusal = refusal?.form == .delete ? shown : nil
        language = account.language?.code
        // The pseudo language is for tests; an account set to it (through the API) still sees it chosen.
        let offered = Language.offered + (account.language.map { Language.offered.contains($0) ? [] : [$0] } ?? [])
        languages = offered.map { LanguageChoice(code: $0.code, name: $0.endonym, selected: $0 == account.language) }
        metric = account.units == .metric
    }
}
