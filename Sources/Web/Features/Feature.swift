import Foundation
import Hummingbird

/// Where a feature's pages and scripts ship: `Resources/templates` and `Resources/static` in its web target's
/// bundle. The server loads every feature's templates into one library and serves every `static` folder at
/// `/static`, so a page's script imports a neighbour as `./name.js` wherever the file lives.
public struct FeatureResources: Sendable {
    public let templates: String
    public let staticFiles: String

    public init(bundle: Bundle) {
        let root = bundle.bundleURL.appendingPathComponent("Resources")
        templates = root.appendingPathComponent("templates").path
        staticFiles = root.appendingPathComponent("static").path
    }
}

/// The route groups a feature adds to, each with its middleware already in place.
public struct FeatureRoutes: Sendable {
    /// Who is asking is known if anyone signed in; handlers require it (`context.requireAccount()`).
    public let authenticated: RouterGroup<AppContext>
    /// Pages anyone may open; their posts carry the CSRF token (checked before the handler).
    public let openPages: RouterGroup<AppContext>
    /// Pages of a signed-in person; anyone else is sent to sign in.
    public let signedInPages: RouterGroup<AppContext>

    public init(authenticated: RouterGroup<AppContext>, openPages: RouterGroup<AppContext>, signedInPages: RouterGroup<AppContext>) {
        self.authenticated = authenticated
        self.openPages = openPages
        self.signedInPages = signedInPages
    }
}
