import Foundation
import Hummingbird

/// The route groups a feature adds to, each with its middleware and its request context already in place: a handler
/// declares who may call it by the group it is in, and reads who is asking from a context where it is not optional.
public struct FeatureRoutes {
    /// The API for anyone (sign-up, sign-in, pairing); who is asking is known if anyone signed in.
    public let open: RouterGroup<AppContext>
    /// The API for a signed-in person or a paired device: `context.account` is whose data it is.
    public let account: RouterGroup<AccountContext>
    /// The API for a signed-in person only: `context.identity` (a paired device is refused).
    public let person: RouterGroup<SignedInContext>
    /// Pages anyone may open; their posts carry the CSRF token (checked before the handler).
    public let openPages: RouterGroup<AppContext>
    /// Pages of a signed-in person (anyone else is sent to sign in); their posts carry the CSRF token too.
    public let signedInPages: RouterGroup<SignedInContext>
    /// Routes that find out for themselves who is asking (CalDAV's HTTP Basic with an app password): the platform's
    /// sessions, tokens and cross-origin checks do not run for them.
    public let selfAuthenticated: RouterGroup<AppContext>

    public init(
        open: RouterGroup<AppContext>, account: RouterGroup<AccountContext>, person: RouterGroup<SignedInContext>,
        openPages: RouterGroup<AppContext>, signedInPages: RouterGroup<SignedInContext>, selfAuthenticated: RouterGroup<AppContext>
    ) {
        self.selfAuthenticated = selfAuthenticated
        self.open = open
        self.account = account
        self.person = person
        self.openPages = openPages
        self.signedInPages = signedInPages
    }
}

extension FeatureRoutes {
    public func api(_ path: RouterPath) -> APIGroups {
        APIGroups(open: open.group(path), account: account.group(path), person: person.group(path))
    }
}
