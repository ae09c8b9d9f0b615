import CadenceCore
import Foundation
import PlatformService
import Synchronization

/// The async side of one live socket: presence, the replay and `hello`, events from the hub, answers to commands.
/// Work runs in short tasks (the hub's and the commands' mailboxes drain only while they have something), so an
/// idle socket holds no task.
final class LiveSocketSession: Sendable {
    enum Inbound: Sendable {
        case command(String)
        /// A message refused before reading it: answered with an `error` notice, in turn with the commands.
        case refused(code: String, message: String)
    }

    private let opening: LiveSocketOpening
    /// Shared by every socket (it holds the LiveService, which is too large to copy into each).
    private let controller: LiveController
    private var service: LiveService { controller.service }
    private let connection: LiveHub.Connection
    private let presence: PresenceEntry
    /// Commands are answered one at a time, in order. While `readAhead` wait, the socket is not read (TCP holds the
    /// rest back: a device replaying an hour of queued commands just waits); the capacity only bounds what one read
    /// of the channel can hold.
    private let inbound = SerialMailbox<Inbound>(capacity: 16_384)
    static let readAhead = 8
    /// The opening work (presence, replay, hello); closing waits for it so presence is never left behind.
    private let opened = Mutex<Task<Void, Never>?>(nil)

    init(opening: LiveSocketOpening, controller: LiveController) {
        self.opening = opening
        self.controller = controller
        connection = LiveHub.Connection(accountID: opening.accountID, device: opening.device)
        presence = PresenceEntry(connectionID: connection.id, accountID: opening.accountID, deviceID: opening.device?.id,
                                 name: opening.label, role: opening.device?.role.rawValue ?? DeviceRole.phone.rawValue)
    }

    /// Marks the device present, sends what it missed and `hello`, then starts delivering events and answering.
    /// Called once the socket's handler is in its pipeline, so that `closed` is sure to follow. `caughtUp` is called
    /// whenever the last waiting message has been answered (reading may resume).
    func open(_ output: LiveSocketOutput, caughtUp: @escaping @Sendable () -> Void) {
        service.hub.register(connection)  // from here events wait for the socket
        let task = Task { [self] in
            do {
                try await service.connected(presence)
                let replayedUpTo = try await greet(output)
                // Events that came in meanwhile wait in the hub; from here they are written as they come.
                connection.start(writer: LiveSocketWriter(output: output, accountID: opening.accountID, service: service,
                                                          lastSent: replayedUpTo).write)
                inbound.start { [self] item in
                    switch item {
                    case .command(let text):
                        try await output.send(await controller.handle(text, accountID: opening.accountID, sender: opening.label, messages: opening.messages))
                    case .refused(let code, let message):
                        try await output.send(service.notice("error", ["code": code, "message": message]))
                    }
                    if inbound.count == 0 { caughtUp() }
                }
            } catch {
                service.logger.debug("A live socket could not open", metadata: ["error": "\(error)"])
                try? await output.channel.close()
            }
        }
        opened.withLock { $0 = task }
    }

    /// False when far too many messages wait: the socket is to be closed.
    func received(_ message: Inbound) -> Bool {
        inbound.send(message) != .overflowed
    }

    /// Enough messages wait: read no more from the socket until `caughtUp`.
    var isBehind: Bool { inbound.count >= Self.readAhead }

    func closed() {
        service.hub.unregister(connection)
        inbound.finish()
        let opening = opened.withLock { $0 }
        Task { [service, presence] in
            await opening?.value  // (a presence added after this removal would linger)
            try? await service.disconnected(presence)
        }
    }

    /// Sends what the device missed and a `hello`; returns the seq the device is now at.
    private func greet(_ output: LiveSocketOutput) async throws -> Int64 {
        let replayedUpTo = try await replay(to: output)
        try await output.send(service.notice("hello", [
            "seq": replayedUpTo, "connectionId": connection.id.uuidString.lowercased(),
            "deviceId": opening.device.map { $0.id.uuidString.lowercased() } ?? NSNull(), "name": opening.label,
        ]))
        return replayedUpTo
    }

    private func replay(to output: LiveSocketOutput) async throws -> Int64 {
        let bounds = try await service.events.bounds(accountID: opening.accountID)
        switch ReplayPlan(lastSeen: opening.since, latest: bounds.latest, oldestKept: bounds.oldestKept) {
        case .upToDate:
            return bounds.latest
        case .replay(let after):
            let missed = try await service.events.events(accountID: opening.accountID, after: after, limit: LiveController.maximumReplay)
            if missed.count < LiveController.maximumReplay {
                for event in missed { try await output.send(event.json) }
                return missed.last?.seq ?? after
            }
            fallthrough
        case .resync:
            try await output.send(service.notice("resync", [
                "reason": "Events since \(opening.since ?? 0) are no longer kept.", "seq": bounds.latest,
            ]))
            return bounds.latest
        }
    }
}
