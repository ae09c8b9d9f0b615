import Hummingbird

/// The known-browser cookie (OWASP's "device cookie"): given at a successful sign-in and kept through sign-outs, so
/// this browser's later sign-ins are throttled on their own and a stranger's wrong passwords cannot lock it out.
/// It proves only that this browser signed in to that account before; it signs no one in.
enum KnownBrowserCookie {
    static let name = "cadence_known"
    static let lifetime = 365 * 24 * 60 * 60

    static func set(_ token: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: token, maxAge: lifetime, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func token(in request: Request) -> String? {
        request.cookies[name]?.value
    }
}
