import CadenceCore
import Foundation
import Logging

/// Publishing on the live channel: number and keep the event, then hand it to the
/// sockets. Commands from devices arrive here too, each applied once per id.
public struct LiveService: Sendable {
    public let events: any LiveEventRepository
    let devices: any DeviceRepository
    public let presence: any PresenceRepository
    public let hub: LiveHub
    /// This process, among the instances sharing a database (presence is per instance).
    public let instanceID = UUID()
    /// Every instance is told of each presence change (events: the event store tells them; see LiveListener).
    let instances: any InstanceMessenger
    /// Coalesces presence broadcasts per account.
    let presenceAnnouncer = PresenceAnnouncer()
    public let clock: any WallClock
    public let logger: Logger
    /// Command types other modules add (see `LiveCommandHandlers`).
    let moduleCommands = LiveCommandHandlers()
    /// Which events also go out as pushes (see `LivePushRules`).
    public let pushRules: LivePushRules
    /// Delivers them; nil where nothing pushes (the CLI's tools).
    let push: PushService?

    public init(
        events: any LiveEventRepository, devices: any DeviceRepository, presence: any PresenceRepository, hub: LiveHub,
        instances: any InstanceMessenger, clock: any WallClock, logger: Logger, push: PushService? = nil,
        catalogue: @escaping @Sendable (Language) -> Messages
    ) {
        pushRules = LivePushRules(catalogue: catalogue)
        self.push = push
        self.events = events
        self.devices = devices
        self.presence = presence
        self.hub = hub
        self.instances = instances
        self.clock = clock
        self.logger = logger
    }

    /// Numbers, keeps and delivers an event. Sockets on this instance get it at once;
    /// other instances hear of it once it is kept. A socket that receives
    /// events out of order fills the gap from history (see LiveController).
    @discardableResult
    public func publish(accountID: UUID, type: String, data: String) async throws -> LiveEvent {
        let event = try await events.append(accountID: accountID, type: type, data: data, at: clock.now())
        hub.deliver(event)
        push?.relay(event, rules: pushRules)
        return event
    }

    /// Hands an event that was kept elsewhere (with a write of its own in the same transaction) to this
    /// instance's sockets, and pushes it: whichever instance keeps an event pushes it, once.
    public func deliver(_ event: LiveEvent) {
        hub.deliver(event)
        push?.relay(event, rules: pushRules)
    }

    // MARK: Presence

    /// Records a socket as online and tells the account's devices, on every instance.
    public func connected(_ entry: PresenceEntry) async throws {
        try await presence.add(entry, instanceID: instanceID, at: clock.now())
        try await presenceChanged(accountID: entry.accountID)
    }

    public func disconnected(_ entry: PresenceEntry) async throws {
        try await presence.remove(connectionID: entry.connectionID)
        try await presenceChanged(accountID: entry.accountID)
    }

    private func presenceChanged(accountID: UUID) async throws {
        announcePresence(accountID: accountID)
        try await instances.tell(.presence(accountID))
    }

    /// Sends this instance's sockets of the account who is online (coalesced: at most every 250 ms).
    public func announcePresence(accountID: UUID) {
        presenceAnnouncer.schedule(accountID: accountID) { [self] in
            Task {
                guard let data = try? await presenceData(accountID: accountID) else { return }
                hub.notify(accountID: accountID, LiveNotice.json(type: "presence", at: clock.now().millisecondsSince1970, data: data))
            }
        }
    }

    public func presenceData(accountID: UUID) async throws -> String {
        let online = try await presence.online(accountID: accountID, aliveSince: clock.now().addingTimeInterval(-PresenceRules.instanceTimeout))
        return LiveJSON.object(["online": online.map { entry -> [String: Any] in
            [
                "connectionId": entry.connectionID.uuidString.lowercased(), "name": entry.name, "role": entry.role,
                "deviceId": entry.deviceID.map { $0.uuidString.lowercased() } ?? NSNull(),
            ]
        }])
    }

    public typealias CommandOutcome = LiveCommandOutcome

    /// Applies a device's or person's command once per client-generated id.
    public func apply(commandID: String, type: String, data: [String: Any], accountID: UUID, from sender: String) async throws -> CommandOutcome {
        guard UUID(uuidString: commandID) != nil else {
            throw ValidationError(field: "id", "A command id is a client-generated UUID.", key: "devices.live.error.command_uuid")
        }
        try LiveRules.checkType(type)
        switch type {
        case LiveEventType.deviceFind:
            guard let text = data["deviceId"] as? String, let deviceID = UUID(uuidString: text) else {
                throw ValidationError(field: "data.deviceId", "Say which device to find: data.deviceId is its id.",
                                      key: "devices.live.error.find_device")
            }
            guard try await devices.list(accountID: accountID).contains(where: { $0.id == deviceID }) else {
                throw NotFound("device")
            }
            guard try await events.recordCommand(accountID: accountID, commandID: commandID, at: clock.now()) else { return .duplicate }
            try await publish(accountID: accountID, type: LiveEventType.deviceFind,
                              data: LiveJSON.object(["deviceId": deviceID.uuidString.lowercased(), "by": sender]))
            return .applied
        default:
            guard let handler = moduleCommands.handler(for: type) else {
                throw Refused(code: "unknown_type", "There is no command \"\(type)\".", field: "type",
                              key: "devices.live.error.unknown_command", ["type": type])
            }
            return try await handler(commandID, data, accountID, sender)
        }
    }
}

extension LiveService: LiveChannel {
    @discardableResult
    public func announce(_ type: String, data: String, to accountID: UUID) async throws -> LiveEvent {
        try await publish(accountID: accountID, type: type, data: data)
    }

    public func latestEvent(accountID: UUID, types: [String]) async throws -> LiveEvent? {
        try await events.latest(accountID: accountID, types: types)
    }

    public var commandHandlers: LiveCommandHandlers { moduleCommands }

    public func recordCommand(_ commandID: String, accountID: UUID) async throws -> Bool {
        try await events.recordCommand(accountID: accountID, commandID: commandID, at: clock.now())
    }
}
