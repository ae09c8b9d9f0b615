import CadenceCore
import Foundation
import Hummingbird
import Logging
import PlatformService
import Web

/// `/api/v1/live`: one WebSocket per device (P3), plus REST for commands and presence.
///
/// On connect the server sends what the device missed since `?since=<seq>` (or a
/// `resync` notice when that is no longer kept), a `hello` with the current seq,
/// and `presence`; then every new event of the account as it happens. Devices send
/// commands `{"id": uuid, "type": "...", "data": {...}}`, acknowledged with `ack`.
///
/// The socket itself is a `LiveSocketHandler` in its channel's pipeline with a `LiveSocketSession` (docs/development.md,
/// "Memory per idle socket"). A class, so each session holds one reference to it rather than a copy of LiveService.
final class LiveController: Sendable {
    let service: LiveService

    init(service: LiveService) {
        self.service = service
    }

    /// Replays longer than this are not worth it: the device reloads instead.
    static let maximumReplay = 2000
    static let maximumMessageSize = 16 * 1024

    func addRoutes(open group: RouterGroup<AppContext>, account: RouterGroup<AccountContext>) {
        // In the open group (not the account one) so the upgrade request's own context, with its slot, reaches it.
        group.get("live") { [self] request, context -> Response in
            _ = try context.requireAccount()
            // Browsers attach cookies to sockets opened by any site; a bearer token proves intent by itself.
            let viaCookie = request.headers[.authorization] == nil
            guard !viaCookie || AuthenticationMiddleware.isSameOrigin(request) else {
                throw APIError(.forbidden, code: "cross_origin", "A live channel may only be opened from Cadence's own pages.",
                               key: "devices.live.error.cross_origin")
            }
            if let since = request.uri.queryParameters["since"], Int64(since).map({ $0 >= 0 }) != true {
                throw APIError.invalid(field: "since", "since is the last seq this device saw: a whole number, 0 or more.",
                                       localized: MessageKey("devices.live.error.since"))
            }
            // Only an upgrade request has a slot (see NativeWebSocketUpgradeChannel). (Upgrade and Connection are
            // hop-by-hop and stripped before routing; the key is not.)
            guard request.headers[.secWebSocketKey] != nil, let slot = context.nativeWebSocket else {
                throw APIError(.upgradeRequired, code: "upgrade_required", "Open this address as a WebSocket.", key: "devices.live.error.upgrade")
            }
            let session = LiveSocketSession(opening: try LiveSocketOpening(context: context, request: request), controller: self)
            slot.accept { pingInterval in [LiveSocketHandler(session: session, pingInterval: pingInterval)] }
            return Response(status: .switchingProtocols)
        }
        account.post("live/commands", use: command)
        account.get("live/presence", use: presence)
    }

    /// One message from a device: a command, or a `ping`. Always answers with one notice.
    /// Refusals are said in `messages`' language (the opener's); their code and field stay.
    func handle(_ text: String, accountID: UUID, sender: String, messages: Messages = Catalogues.bundled.messages(.english)) async -> String {
        guard let object = LiveCommand.object(in: text) else {
            let refusal = APIError(.badRequest, code: "invalid_json", "A command is a JSON object: {\"id\": uuid, \"type\": \"...\", \"data\": {...}}.",
                                   key: "devices.live.error.not_object")
            return error(refusal.code, refusal.message(in: messages))
        }
        if object["type"] as? String == "ping" { return notice("pong", [:]) }
        let id = object["id"] as? String
        do {
            let command = try LiveCommand(object)
            let outcome = try await service.apply(commandID: command.id, type: command.type, data: command.data,
                                                  accountID: accountID, from: sender)
            return notice("ack", ["id": command.id, "duplicate": outcome == .duplicate])
        } catch {
            let apiError = ErrorMiddleware.apiError(for: error, logger: service.logger)
            return self.error(apiError.code, apiError.message(in: messages), field: apiError.field, id: id)
        }
    }

    @Sendable func command(request: Request, context: AccountContext) async throws -> EditedResponse<[String: Bool]> {
        let account = context.account
        var request = request
        let command = try LiveCommand(try await request.decodeJSONObject(context: context))
        let sender = context.device?.device.name ?? "\(account.displayName)'s browser"
        let outcome = try await service.apply(commandID: command.id, type: command.type, data: command.data,
                                              accountID: account.id, from: sender)
        return EditedResponse(status: .accepted, response: ["duplicate": outcome == .duplicate])
    }

    @Sendable func presence(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: .init(string: try await service.presenceData(accountID: account.id))))
    }

    private func notice(_ type: String, _ data: [String: Any]) -> String { service.notice(type, data) }

    private func error(_ code: String, _ message: String, field: String? = nil, id: String? = nil) -> String {
        var data: [String: Any] = ["code": code, "message": message]
        if let field { data["field"] = field }
        if let id { data["id"] = id }
        return notice("error", data)
    }
}
