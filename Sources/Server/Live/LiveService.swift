import CadenceCore
import Foundation
import Logging
import SQLKit
import Storage
import Web

/// Publishing on the live channel: number and keep the event, then hand it to the
/// sockets. Commands from devices arrive here too, each applied once per id.
struct LiveService: Sendable {
    let events: any LiveEventRepository
    let devices: any DeviceRepository
    let presence: any PresenceRepository
    let hub: LiveHub
    /// This process, among the instances sharing a database (presence is per instance).
    let instanceID = UUID()
    /// With PostgreSQL, every instance is told of each event and presence change (see LiveListener).
    let database: Database
    var notifyInstances: Bool { database.notifiesOtherInstances }
    /// Coalesces presence broadcasts per account.
    let presenceAnnouncer = PresenceAnnouncer()
    let clock: any WallClock
    let logger: Logger
    /// Command types other modules add (see `LiveCommandHandlers`).
    let moduleCommands = LiveCommandHandlers()

    /// Numbers, keeps and delivers an event. Sockets on this instance get it at once;
    /// other instances hear of it by NOTIFY once it commits. A socket that receives
    /// events out of order fills the gap from history (see LiveController).
    /// `alongside` runs in the same transaction as the event's insert: what it records lands
    /// if and only if the event does (a time alert's "fired" mark, say), and it may throw to cancel.
    @discardableResult
    func publish(accountID: UUID, type: String, data: String,
                 alongside: (@Sendable (any SQLDatabase) async throws -> Void)? = nil) async throws -> LiveEvent {
        let notify = notifyInstances
        let event = try await events.append(accountID: accountID, type: type, data: data, at: clock.now()) { sql, event in
            try await alongside?(sql)
            if notify { try await Database.notify(LiveMessage.channel, payload: LiveMessage.event(event.accountID, event.seq).payload, on: sql) }
        }
        hub.deliver(event)
        return event
    }

    // MARK: Presence

    /// Records a socket as online and tells the account's devices, on every instance.
    func connected(_ entry: PresenceEntry) async throws {
        try await presence.add(entry, instanceID: instanceID, at: clock.now())
        try await presenceChanged(accountID: entry.accountID)
    }

    func disconnected(_ entry: PresenceEntry) async throws {
        try await presence.remove(connectionID: entry.connectionID)
        try await presenceChanged(accountID: entry.accountID)
    }

    private func presenceChanged(accountID: UUID) async throws {
        announcePresence(accountID: accountID)
        if notifyInstances {
            try await Database.notify(LiveMessage.channel, payload: LiveMessage.presence(accountID).payload, on: database.sql)
        }
    }

    /// Sends this instance's sockets of the account who is online (coalesced: at most every 250 ms).
    func announcePresence(accountID: UUID) {
        presenceAnnouncer.schedule(accountID: accountID) { [self] in
            Task {
                guard let data = try? await presenceData(accountID: accountID) else { return }
                hub.notify(accountID: accountID, LiveNotice.json(type: "presence", at: clock.now().millisecondsSince1970, data: data))
            }
        }
    }

    func presenceData(accountID: UUID) async throws -> String {
        let online = try await presence.online(accountID: accountID, aliveSince: clock.now().addingTimeInterval(-PresenceRules.instanceTimeout))
        return LiveJSON.object(["online": online.map { entry -> [String: Any] in
            [
                "connectionId": entry.connectionID.uuidString.lowercased(), "name": entry.name, "role": entry.role,
                "deviceId": entry.deviceID.map { $0.uuidString.lowercased() } ?? NSNull(),
            ]
        }])
    }

    typealias CommandOutcome = LiveCommandOutcome

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
            guard let handler = moduleCommands.handler(for: type) else {
                throw APIError(.badRequest, code: "unknown_type", "There is no command \"\(type)\".", field: "type")
            }
            return try await handler(commandID, data, accountID, sender)
        }
    }

    func deviceRevoked(_ deviceID: UUID, accountID: UUID) async throws {
        try await publish(accountID: accountID, type: LiveEventType.deviceRevoked,
                          data: LiveJSON.object(["deviceId": deviceID.uuidString.lowercased()]))
    }
}

extension LiveService: LiveChannel {
    @discardableResult
    func announce(_ type: String, data: String, to accountID: UUID) async throws -> LiveEvent {
        try await publish(accountID: accountID, type: type, data: data)
    }

    func latestEvent(accountID: UUID, types: [String]) async throws -> LiveEvent? {
        try await events.latest(accountID: accountID, types: types)
    }

    var commandHandlers: LiveCommandHandlers { moduleCommands }

    func recordCommand(_ commandID: String, accountID: UUID) async throws -> Bool {
        try await events.recordCommand(accountID: accountID, commandID: commandID, at: clock.now())
    }
}
