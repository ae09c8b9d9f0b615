import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// A paired device's cookie, set when a watch or display page pairs: the page's
/// requests and its live socket then need no token in script.
enum DeviceCookie {
    static let name = "cadence_device"
    static let lifetime = 5 * 365 * 24 * 60 * 60

    static func set(_ token: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: token, maxAge: lifetime, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func clear(secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
