import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// Device pages: the phone's devices page (pair, rename, revoke) and the pages a
/// watch or display opens to pair (`/pair`) and then lives on (`/watch`, `/display`).
struct DevicePagesController {
    let service: DeviceService
    let push: PushService
    let pages: PageRenderer
    let publicURL: String
    let secureCookies: Bool
    let trustPageURL: String?

    func addRoutes(open: RouterGroup<AppContext>, signedIn: RouterGroup<SignedInContext>) {
        signedIn.get("/phone/devices", use: showDevices)
        signedIn.post("/phone/devices/pairing", use: startPairing)
        signedIn.post("/phone/devices/app-passwords", use: createAppPassword)
        signedIn.post("/phone/devices/:id/rename", use: rename)
        signedIn.post("/phone/devices/:id/revoke", use: revoke)
        signedIn.post("/phone/devices/notifications", use: choosePushModules)
        signedIn.post("/phone/devices/notifications/:id/remove", use: removeSubscription)
        open.get("/pair", use: showPair)
        open.post("/pair", use: pair)
        open.get("/watch", use: { request, context in try await devicePage(.watch, request: request, context: context) })
        open.get("/display", use: { request, context in try await devicePage(.display, request: request, context: context) })
    }

    @Sendable func showDevices(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        return try await devicesPage(identity, request: request, context: context)
    }

    @Sendable func startPairing(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let pairing = try await service.startPairing(for: identity.account)
        let code = pairing.code
        let messages = PageRenderer.messages(for: request, context: context)
        let expires = LocaleFormat(language: messages.language).time(pairing.expiresAt, zone: request.browserZone ?? .current)
        let shownCode = "\(code.prefix(3)) \(code.suffix(3))"
        let url = DevicesController.pairingURL(publicURL, pairing)
        let trustURL = trustPageURL.map { DevicesPage.Pairing.trustStep($0, before: DevicesController.pairingURL("", pairing)) }
        let shown = DevicesPage.Pairing(id: pairing.id.uuidString.lowercased(), code: shownCode, url: url,
                                        qrSVG: QRCode(trustURL ?? url)?.svg(label: messages("devices.pair.qr_label")),
                                        validUntil: messages("devices.pair.valid_until", ["time": expires]),
                                        label: messages("devices.pair.code_label", ["code": shownCode]),
                                        trustURL: trustURL)
        return try await devicesPage(identity, pairing: shown, request: request, context: context)
    }

    /// A calendar app's password, shown this once with the address and user name the app asks for.
    @Sendable func createAppPassword(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        do {
            let made = try await service.createAppPassword(name: context.form["name"] ?? "", accountID: identity.account.id)
            let intro = PageRenderer.messages(for: request, context: context)("devices.calendar.enter_these", ["name": made.device.name])
            let shown = DevicesPage.AppPassword(name: made.device.name, password: made.token, username: identity.account.email,
                                                url: publicURL + "/dav/", intro: intro)
            return try await devicesPage(identity, appPassword: shown, request: request, context: context)
        } catch let error as ValidationError {
            let message = APIError.refusal(error)?.message(in: PageRenderer.messages(for: request, context: context)) ?? error.message
            return try await devicesPage(identity, error: message, request: request, context: context)
        }
    }

    @Sendable func rename(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let form = context.form
        let id = try context.parameters.requireID("id")
        do {
            _ = try await service.rename(id, accountID: identity.account.id, to: form["name"] ?? "")
            return PageRenderer.redirect(to: "/phone/devices")
        } catch let error as ValidationError {
            let message = APIError.refusal(error)?.message(in: PageRenderer.messages(for: request, context: context)) ?? error.message
            return try await devicesPage(identity, error: message, request: request, context: context)
        }
    }

    @Sendable func revoke(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        try await service.revoke(id, accountID: identity.account.id)
        return PageRenderer.redirect(to: "/phone/devices")
    }

    /// The notification switches: a checkbox per module, on when ticked.
    @Sendable func choosePushModules(request: Request, context: SignedInContext) async throws -> Response {
        let muted = Set(PushModule.allCases.filter { context.form["module_\($0.rawValue)"] != "on" })
        try await push.setMutedModules(muted, accountID: context.account.id)
        return try await devicesPage(context.identity, notice: PageRenderer.messages(for: request, context: context)("devices.push.saved"),
                                     request: request, context: context)
    }

    @Sendable func removeSubscription(request: Request, context: SignedInContext) async throws -> Response {
        try await push.unsubscribe(id: try context.parameters.requireID("id"), accountID: context.account.id)
        return PageRenderer.redirect(to: "/phone/devices")
    }

    @Sendable func showPair(request: Request, context: AppContext) async throws -> Response {
        let query = request.uri.queryParameters
        let role = query["role"].flatMap { DeviceRole(rawValue: String($0)) }
        return pairPage(code: query["code"].map(String.init) ?? "", pairingID: query["pairing"].map(String.init) ?? "",
                        role: role ?? .watch, roleGiven: role != nil, name: "", request: request, context: context)
    }

    @Sendable func pair(request: Request, context: AppContext) async throws -> Response {
        let form = context.form
        let code = form["code"] ?? "", pairingID = form["pairing"] ?? "", name = form["name"] ?? ""
        let role = DeviceRole(rawValue: form["role"] ?? "") ?? .watch
        do {
            let paired = try await service.pair(code: code, pairingID: UUID(uuidString: pairingID), role: role, name: name,
                                                client: context.remoteAddress)
            var response = PageRenderer.redirect(to: paired.device.role == .phone ? "/phone/devices" : "/\(paired.device.role.rawValue)")
            response.setCookie(DeviceCookie.set(paired.token, secure: secureCookies))
            return response
        } catch {
            let (message, field) = try AccountPagesController.userFacing(error, in: PageRenderer.messages(for: request, context: context))
            return pairPage(code: code, pairingID: pairingID, role: role, roleGiven: true, name: name, error: message, field: field,
                            request: request, context: context)
        }
    }

    /// The watch or display page of a paired device; unpaired devices are sent to pair.
    func devicePage(_ role: DeviceRole, request: Request, context: AppContext) async throws -> Response {
        guard let device = context.device else { return PageRenderer.redirect(to: "/pair?role=\(role.rawValue)") }
        let page = PairedDevicePage(
            deviceName: device.device.name, accountName: device.account.displayName,
            pairedWith: PageRenderer.messages(for: request, context: context)("watch.paired_with", ["name": device.account.displayName]),
            deviceId: device.device.id.uuidString.lowercased(),
            bodyClass: role == .display ? "page device-page stage" : "page device-page")
        return pages.render(role.rawValue, title: device.device.name, page: page, request: request, context: context)
    }

    private func pairPage(
        code: String, pairingID: String, role: DeviceRole, roleGiven: Bool, name: String, error: String? = nil, field: String? = nil,
        request: Request, context: AppContext
    ) -> Response {
        pages.render("pair", title: "pair.title",
                     page: PairPage(code: code, pairing: pairingID, role: role, roleGiven: roleGiven, name: name, error: error, field: field,
                                    messages: PageRenderer.messages(for: request, context: context)),
                     request: request, context: context)
    }

    private func devicesPage(_ identity: Identity, pairing: DevicesPage.Pairing? = nil, appPassword: DevicesPage.AppPassword? = nil,
                             error: String? = nil, notice: String? = nil, request: Request, context: SignedInContext) async throws -> Response {
        let accountID = identity.account.id
        let page = DevicesPage(try await service.list(accountID: accountID), subscriptions: try await push.subscriptions(accountID: accountID),
                               muted: try await push.mutedModules(accountID: accountID), pairing: pairing, appPassword: appPassword,
                               error: error, notice: notice, messages: PageRenderer.messages(for: request, context: context),
                               zone: request.browserZone ?? .current)
        return pages.render("devices", title: "devices.title", page: page, request: request, context: context)
    }
}
