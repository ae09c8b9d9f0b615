import CadenceCore
import Foundation
import Logging
import SQLKit
import Storage

/// Publishing on the live channel: number and keep the event, then hand it to the
/// sockets. Commands from devices arrive here too, each applied once per id.
struct LiveService: Sendable {
    let events: any LiveEventRepository
    let devices: any DeviceRepository
    let hub: LiveHub
    /// With PostgreSQL, every instance is told of each event (see LiveListener).
    let notifyInstances: Bool
    let clock: any WallClock
    let logger: Logger

    static let channel = "cadence_live"

    /// Numbers, keeps and delivers an event. Sockets on this instance get it at once;
    /// other instances hear of it by NOTIFY once it commits. A socket that receives
    /// events out of order fills the gap from history (see LiveController).
    @discardableResult
    func publish(accountID: UUID, type: String, data: String) async throws -> LiveEvent {
        let notify = notifyInstances
        let event = try await events.append(accountID: accountID, type: type, data: data, at: clock.now()) { sql, event in
            if notify { try await Database.notify(Self.channel, payload: Self.payload(event), on: sql) }
        }
        hub.deliver(event)
        return event
    }

    static func payload(_ event: LiveEvent) -> String {
        "\(event.accountID.uuidString):\(event.seq)"
    }

    static func parse(payload: String) -> (accountID: UUID, seq: Int64)? {
        let parts = payload.split(separator: ":")
        guard parts.count == 2, let accountID = UUID(uuidString: String(parts[0])), let seq = Int64(parts[1]) else { return nil }
        return (accountID, seq)
    }

    /// What a command did: applied now, or already applied under the same id.
    enum CommandOutcome: Equatable {
        case applied
        case duplicate
    }

    /// Applies a device's or person's command once per client-generated id.
    func apply(commandID: String, type: String, data: [String: Any], accountID: UUID, from sender: String) async throws -> CommandOutcome {
        guard UUID(uuidString: commandID) != nil else {
            throw ValidationError(field: "id", "A command id is a client-generated UUID.")
        }
        try LiveRules.checkType(type)
        switch type {
        case LiveEventType.deviceFind:
            guard let text = data["deviceId"] as? String, let deviceID = UUID(uuidString: text) else {
                throw ValidationError(field: "data.deviceId", "Say which device to find: data.deviceId is its id.")
            }
            guard try await devices.list(accountID: accountID).contains(where: { $0.id == deviceID }) else {
                throw APIError.notFound("device")
            }
            guard try await events.recordCommand(accountID: accountID, commandID: commandID, at: clock.now()) else { return .duplicate }
            try await publish(accountID: accountID, type: LiveEventType.deviceFind,
                              data: LiveJSON.object(["deviceId": deviceID.uuidString.lowercased(), "by": sender]))
            return .applied
        default:
            throw APIError(.badRequest, code: "unknown_type", "There is no command \"\(type)\".", field: "type")
        }
    }

    func deviceRevoked(_ deviceID: UUID, accountID: UUID) async throws {
        try await publish(accountID: accountID, type: LiveEventType.deviceRevoked,
                          data: LiveJSON.object(["deviceId": deviceID.uuidString.lowercased()]))
    }
}
