import CadenceCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import PlatformService
import Web

/// `/api/v1/live`: one WebSocket per device (P3), plus REST for commands and presence.
///
/// On connect the server sends what the device missed since `?since=<seq>` (or a
/// `resync` notice when that is no longer kept), a `hello` with the current seq,
/// and `presence`; then every new event of the account as it happens. Devices send
/// commands `{"id": uuid, "type": "...", "data": {...}}`, acknowledged with `ack`.
/// A class, so that each socket's suspended frames hold one reference to it rather than a copy of LiveService.
final class LiveController: Sendable {
    let service: LiveService

    init(service: LiveService) {
        self.service = service
    }

    /// Replays longer than this are not worth it: the device reloads instead.
    static let maximumReplay = 2000
    static let maximumMessageSize = 16 * 1024

    func addRoutes(open group: RouterGroup<AppContext>, account: RouterGroup<AccountContext>) {
        // The upgrade stays in the request's own context (a WebSocket route needs it); it checks who is asking itself.
        group.ws("live", shouldUpgrade: { request, context in
            _ = try context.requireAccount()
            // Browsers attach cookies to sockets opened by any site; a bearer token proves intent by itself.
            let viaCookie = request.headers[.authorization] == nil
            guard !viaCookie || AuthenticationMiddleware.isSameOrigin(request) else {
                throw APIError(.forbidden, code: "cross_origin", "A live channel may only be opened from Cadence's own pages.")
            }
            if let since = request.uri.queryParameters["since"], Int64(since).map({ $0 >= 0 }) != true {
                throw APIError.invalid(field: "since", "since is the last seq this device saw: a whole number, 0 or more.")
            }
            // (Upgrade and Connection are hop-by-hop and stripped before routing; the key is not.)
            guard request.headers[.secWebSocketKey] != nil else {
                throw APIError(.upgradeRequired, code: "upgrade_required", "Open this address as a WebSocket.")
            }
            return .upgrade([:])
        }, onUpgrade: { inbound, outbound, context in
            // Only the few values a socket needs are kept: an idle socket's suspended frames are its memory.
            try await self.session(LiveSocketOpening(context), inbound: inbound, outbound: outbound)
        })
        account.post("live/commands", use: command)
        account.get("live/presence", use: presence)
    }

    private func session(_ opening: LiveSocketOpening, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let connection = service.hub.register(accountID: opening.accountID, device: opening.device)
        let presence = PresenceEntry(connectionID: connection.id, accountID: opening.accountID, deviceID: opening.device?.id,
                                     name: opening.label, role: opening.device?.role.rawValue ?? DeviceRole.phone.rawValue)
        try await service.connected(presence)
        defer {
            service.hub.unregister(connection)
            Task { try? await service.disconnected(presence) }
        }
        let replayedUpTo = try await greet(outbound, opening: opening, connectionID: connection.id)
        // Events that came in meanwhile wait in the hub; from here a task writes them only while there are some.
        connection.start(writer: LiveSocketWriter(outbound: outbound, accountID: opening.accountID, service: service,
                                                  lastSent: replayedUpTo).write)
        try await readCommands(inbound: inbound, outbound: outbound, accountID: opening.accountID, sender: opening.label)
    }

    /// Sends what the device missed and a `hello`; returns the seq the device is now at.
    private func greet(_ outbound: WebSocketOutboundWriter, opening: LiveSocketOpening, connectionID: UUID) async throws -> Int64 {
        let replayedUpTo = try await replay(to: outbound, accountID: opening.accountID, since: opening.since)
        try await outbound.writeTextMessage(notice("hello", [
            "seq": replayedUpTo, "connectionId": connectionID.uuidString.lowercased(),
            "deviceId": opening.device.map { $0.id.uuidString.lowercased() } ?? NSNull(), "name": opening.label,
        ]))
        return replayedUpTo
    }

    /// Answers the device's commands until it (or the writer: revocation, overflow) closes the socket.
    /// Frames are gathered here rather than with `messages(maxSize:)`, whose larger frame every idle socket would keep.
    private func readCommands(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, accountID: UUID, sender: String) async throws {
        var frames = inbound.makeAsyncIterator()
        var message = LiveMessageAssembly(maximumSize: Self.maximumMessageSize)
        while let frame = try await frames.next() {
            switch message.add(frame) {
            case .incomplete:
                continue
            case .text(let text):
                try await outbound.writeTextMessage(await handle(text, accountID: accountID, sender: sender))
            case .binary:
                try await outbound.writeTextMessage(error("unsupported_frame", "Send commands as JSON text frames."))
            case .invalidText:
                try await outbound.writeTextMessage(error("invalid_text", "A text frame must be UTF-8."))
            case .tooLarge:
                try await outbound.close(.messageTooLarge, reason: "A command may be at most \(Self.maximumMessageSize) bytes.")
                return
            case .outOfSequence:
                try await outbound.close(.protocolError, reason: "A continuation frame must follow a first frame.")
                return
            }
        }
    }

    /// Sends what the device missed and returns the seq it is now at.
    private func replay(to outbound: WebSocketOutboundWriter, accountID: UUID, since: Int64?) async throws -> Int64 {
        let bounds = try await service.events.bounds(accountID: accountID)
        switch ReplayPlan(lastSeen: since, latest: bounds.latest, oldestKept: bounds.oldestKept) {
        case .upToDate:
            return bounds.latest
        case .replay(let after):
            let missed = try await service.events.events(accountID: accountID, after: after, limit: Self.maximumReplay)
            if missed.count < Self.maximumReplay {
                for event in missed { try await outbound.writeTextMessage(event.json) }
                return missed.last?.seq ?? after
            }
            fallthrough
        case .resync:
            try await outbound.writeTextMessage(notice("resync", ["reason": "Events since \(since ?? 0) are no longer kept.", "seq": bounds.latest]))
            return bounds.latest
        }
    }

    /// One message from a device: a command, or a `ping`. Always answers with one notice.
    private func handle(_ text: String, accountID: UUID, sender: String) async -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            return error("invalid_json", "A command is a JSON object: {\"id\": uuid, \"type\": \"...\", \"data\": {...}}.")
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
            return self.error(apiError.code, apiError.message, field: apiError.field, id: id)
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
