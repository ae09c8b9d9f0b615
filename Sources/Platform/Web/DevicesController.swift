import CadenceCore
import Foundation
import Hummingbird
import PlatformService
import Web

/// `/api/v1/devices/…`: pairing codes, pairing, and the account's devices (P2).
struct DevicesController {
    let service: DeviceService
    let publicURL: String
    let secureCookies: Bool

    func addRoutes(to api: APIGroups) {
        api.person.post("pairings", use: startPairing)
        api.person.post("app-passwords", use: createAppPassword)
        api.open.post("pair", use: pair)
        api.account.get("", use: list)
        api.open.get("me", use: me)
        api.person.patch(":id", use: rename)
        api.person.delete(":id", use: revoke)
    }

    struct PairingBody: JSONResponse {
        let id: UUID
        let code: String
        let expiresAt: Date
        /// Opening this on the device fills in the code.
        let url: String
    }

    struct PairRequest: Decodable {
        let code: String
        let role: String
        let name: String
        let pairingId: UUID?
    }

    struct RenameRequest: Decodable {
        let name: String
    }

    struct DeviceBody: JSONResponse {
        let id: UUID
        let role: DeviceRole
        let name: String
        let createdAt: Date
        let lastSeenAt: Date
        let current: Bool

        init(_ device: Device, current: Bool = false) {
            id = device.id
            role = device.role
            name = device.name
            createdAt = device.createdAt
            lastSeenAt = device.lastSeenAt
            self.current = current
        }
    }

    struct PairedBody: Encodable {
        let token: String
        let device: DeviceBody
    }

    @Sendable func startPairing(request: Request, context: SignedInContext) async throws -> EditedResponse<PairingBody> {
        let identity = context.identity
        let pairing = try await service.startPairing(for: identity.account)
        return EditedResponse(status: .created, response: PairingBody(id: pairing.id, code: pairing.code, expiresAt: pairing.expiresAt,
                                 url: Self.pairingURL(publicURL, pairing)))
    }

    struct AppPasswordRequest: Decodable { let name: String }

    struct AppPasswordBody: JSONResponse {
        let device: DeviceBody
        /// Shown once: what the calendar app signs in with, beside `username` (the account's e-mail) at `url`.
        let password: String
        let username: String
        let url: String
    }

    /// A calendar app's password (HTTP Basic for CalDAV only); revoked like any device.
    @Sendable func createAppPassword(request: Request, context: SignedInContext) async throws -> EditedResponse<AppPasswordBody> {
        let body = try await request.decode(as: AppPasswordRequest.self, context: context)
        let made = try await service.createAppPassword(name: body.name, accountID: context.identity.account.id)
        return EditedResponse(status: .created, response: AppPasswordBody(
            device: DeviceBody(made.device), password: made.token, username: context.identity.account.email, url: publicURL + "/dav/"))
    }

    static func pairingURL(_ base: String, _ pairing: Pairing) -> String {
        "\(base)/pair?code=\(pairing.code)&pairing=\(pairing.id.uuidString.lowercased())"
    }

    @Sendable func pair(request: Request, context: AppContext) async throws -> Response {
        let body = try await request.decode(as: PairRequest.self, context: context)
        let role = try DeviceRole(parsing: body.role)
        let paired = try await service.pair(code: body.code, pairingID: body.pairingId, role: role, name: body.name,
                                            client: context.remoteAddress)
        var response = Response.json(PairedBody(token: paired.token, device: DeviceBody(paired.device, current: true)), status: .created)
        response.setCookie(DeviceCookie.set(paired.token, secure: secureCookies))
        return response
    }

    @Sendable func list(request: Request, context: AccountContext) async throws -> [DeviceBody] {
        let account = context.account
        let devices = try await service.list(accountID: account.id)
        return devices.map { DeviceBody($0, current: $0.id == context.device?.device.id) }
    }

    @Sendable func me(request: Request, context: AppContext) async throws -> DeviceBody {
        guard let device = context.device else {
            throw APIError(.unauthorized, code: "unauthorized", "Send a device token (Authorization: Bearer dvc_…) or the device cookie.",
                           key: "devices.error.device_token")
        }
        return DeviceBody(device.device, current: true)
    }

    @Sendable func rename(request: Request, context: SignedInContext) async throws -> DeviceBody {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        let body = try await request.decode(as: RenameRequest.self, context: context)
        let device = try await service.rename(id, accountID: identity.account.id, to: body.name)
        return DeviceBody(device)
    }

    @Sendable func revoke(request: Request, context: SignedInContext) async throws -> Response {
        let identity = context.identity
        let id = try context.parameters.requireID("id")
        try await service.revoke(id, accountID: identity.account.id)
        return Response(status: .noContent)
    }
}
