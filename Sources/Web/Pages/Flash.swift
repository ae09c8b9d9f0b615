import CadenceCore
import Foundation
import Hummingbird

/// "Saved", said where the eye is after a form's post-redirect-get: the redirect carries a short-lived cookie naming
/// what happened (a catalogue key under `flash.`), and the next page the browser renders shows it once as a snackbar
/// and clears it. Only keys are carried, never text, so nothing a stranger puts in a cookie reaches the page.
public enum Flash {
    static let cookieName = "cadence_flash"

    /// What a redirect says happened: the catalogue's `flash.<name>`.
    public struct Message: Sendable {
        let name: String

        public static let saved = Message(name: "saved")
        public static let deleted = Message(name: "deleted")
        public static let added = Message(name: "added")

        var key: String { "flash." + name }
    }

    static func cookie(_ message: Message, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: message.name, maxAge: 60, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func clearing(secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The message this request brings, said in `messages`; nil when it brings none or one that is not a flash key.
    static func text(in request: Request, messages: Messages) -> String? {
        guard let name = request.cookies[cookieName]?.value, !name.isEmpty,
              name.allSatisfy({ $0.isLetter || $0 == "_" }), messages.has("flash." + name)
        else { return nil }
        return messages("flash." + name)
    }
}
