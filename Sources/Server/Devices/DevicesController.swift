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

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.post("pairings", use: startPairing)
        group.post("pair", use: pair)
        group.get("", use: list)
        group.get("me", use: me)
        group.patch(":id", use: rename)
        group.delete(":id", use: revoke)
    }

    struct PairingBody: Encodable {
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

    struct DeviceBody: Encodable {
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

    @Sendable func startPairing(request: Request, context: AppContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let pairing = try await service.startPairing(for: identity.account)
        return .json(PairingBody(id: pairing.id, code: pairing.code, expiresAt: pairing.expiresAt,
                                 url: Self.pairingURL(publicURL, pairing)), status: .created)
    }

    static func pairingURL(_ base: String, _ pairing: Pairing) -> String {
        "\(base)/pair?code=\(pairing.code)&pairing=\(pairing.id.uuidString.lowercased())"
    }

    @Sendable func pair(request: Request, context: AppContext) async throws -> Response {
        var request = request
        let body = try await request.decodeJSON(PairRequest.self, context: context)
        let role = try DeviceRole(parsing: body.role)
        let paired = try await service.pair(code: body.code, pairingID: body.pairingId, role: role, name: body.name,
                                            client: context.remoteAddress)
        var response = Response.json(PairedBody(token: paired.token, device: DeviceBody(paired.device, current: true)), status: .created)
        response.setCookie(DeviceCookie.set(paired.token, secure: secureCookies))
        return response
    }

    @Sendable func list(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let devices = try await service.list(accountID: account.id)
        return .json(devices.map { DeviceBody($0, current: $0.id == context.device?.device.id) })
    }

    @Sendable func me(request: Request, context: AppContext) async throws -> Response {
        guard let device = context.device else {
            throw APIError(.unauthorized, code: "unauthorized", "Send a device token (Authorization: Bearer dvc_…) or the device cookie.")
        }
        return .json(DeviceBody(device.device, current: true))
    }

    @Sendable func rename(request: Request, context: AppContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let id = try context.parameters.requireID("id")
        var request = request
        let body = try await request.decodeJSON(RenameRequest.self, context: context)
        let device = try await service.rename(id, accountID: identity.account.id, to: body.name)
        return .json(DeviceBody(device))
    }

    @Sendable func revoke(request: Request, context: AppContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let id = try context.parameters.requireID("id")
        try await service.revoke(id, accountID: identity.account.id)
        return Response(status: .noContent)
    }
}
