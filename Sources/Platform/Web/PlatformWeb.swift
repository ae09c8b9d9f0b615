import Hummingbird
import PlatformService
import Web

/// The platform on the web, what every feature stands on: sign-in and sessions (`/api/v1/auth`, `/login`,
/// `/account`…, `/api/v1/account`), paired devices (`/api/v1/devices`, `/phone/devices`, `/pair`, `/watch`, `/display`) and the live
/// channel (`/api/v1/live`) and Web Push (`/api/v1/push`). Its templates join the features' in one library.
public struct PlatformWeb: Sendable {
    public static let resources = FeatureResources(bundle: .module)
    /// The largest live-channel message a device may send (the WebSocket frame limit).
    public static let maximumLiveMessageSize = LiveController.maximumMessageSize

    let accounts: AccountService
    let deletion: AccountDeletion
    let devices: DeviceService
    let live: LiveService
    let push: PushService
    let publicURL: String
    let secureCookies: Bool
    /// The trust page on the plain-HTTP port (`http://host:8080/trust`), when Cadence serves one with its own
    /// authority: a watch or display that does not trust HTTPS yet opens it before pairing.
    let trustPageURL: String?

    public init(accounts: AccountService, deletion: AccountDeletion, devices: DeviceService, live: LiveService, push: PushService,
                publicURL: String, trustPageURL: String? = nil) {
        self.trustPageURL = trustPageURL
        self.accounts = accounts
        self.deletion = deletion
        self.push = push
        self.devices = devices
        self.live = live
        self.publicURL = publicURL
        secureCookies = publicURL.hasPrefix("https://")
    }

    /// Who is asking: a session (cookie or bearer token) or a paired device's token.
    public var authentication: some RouterMiddleware<AppContext> { AuthenticationMiddleware(service: accounts, devices: devices) }

    /// Who asked, for the error middleware (see `AuthenticationMiddleware.identifiedQuietly`).
    public var identifyQuietly: @Sendable (Request, AppContext) async -> AppContext {
        let middleware = AuthenticationMiddleware(service: accounts, devices: devices)
        return { request, context in await middleware.identifiedQuietly(request, context: context) }
    }

    public func addRoutes(to routes: FeatureRoutes, pages: PageRenderer) {
        AuthController(service: accounts, secureCookies: secureCookies).addRoutes(to: routes.api("api/v1/auth"))
        AccountController(accounts: accounts, deletion: deletion, secureCookies: secureCookies).addRoutes(to: routes.api("api/v1/account"))
        LiveController(service: live).addRoutes(open: routes.open.group("api/v1"), account: routes.account.group("api/v1"))
        PushController(service: push).addRoutes(to: routes.api("api/v1/push"))
        DevicesController(service: devices, publicURL: publicURL, secureCookies: secureCookies).addRoutes(to: routes.api("api/v1/devices"))
        AccountPagesController(service: accounts, deletion: deletion, pages: pages, secureCookies: secureCookies)
            .addRoutes(open: routes.openPages, signedIn: routes.signedInPages)
        DevicePagesController(service: devices, push: push, pages: pages, publicURL: publicURL, secureCookies: secureCookies,
                              trustPageURL: trustPageURL)
            .addRoutes(open: routes.openPages, signedIn: routes.signedInPages)
    }
}
