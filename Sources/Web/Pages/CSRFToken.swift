import CadenceCore
import Foundation
import Hummingbird
import Mustache

/// Double-submit CSRF protection for form posts: a random cookie, echoed in a
/// hidden field. Another site can make a browser post, but cannot read the cookie
/// to copy it into the form.
public enum CSRFToken {
    public static let cookieName = "cadence_csrf"
    public static let fieldName = "_csrf"

    public static func current(in request: Request) -> (value: String, isNew: Bool) {
        if let value = request.cookies[cookieName]?.value, value.count >= 32 { return (value, false) }
        return (SecretToken.generate(), true)
    }

    public static func cookie(_ value: String, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: value, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
