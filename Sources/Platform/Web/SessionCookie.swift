import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// The session cookie: HttpOnly so scripts cannot read it, SameSite=Lax so other
/// sites cannot post with it, Secure when Cadence is served over HTTPS.
enum SessionCookie {
    static let name = "cadence_session"
    static let lifetime = AccountRules.sessionLifetime

    static func set(_ token: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: token, maxAge: lifetime, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func clear(secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
