import CadenceCore
import Foundation
import NIOCore
import PlatformService
import Synchronization

/// Writes what the hub hands one socket: events in seq order (filling gaps from history), notices, and the
/// closing words of a revoked or overflowed socket. The hub calls it from one drain at a time.
final class LiveSocketWriter: Sendable {
    private let output: LiveSocketOutput
    private let accountID: UUID
    // Only the two parts of LiveService it uses: one writer is kept per socket.
    private let events: any LiveEventRepository
    private let clock: any WallClock
    private let lastSent: Mutex<Int64>

    init(output: LiveSocketOutput, accountID: UUID, service: LiveService, lastSent: Int64) {
        self.output = output
        self.accountID = accountID
        self.events = service.events
        self.clock = service.clock
        self.lastSent = Mutex(lastSent)
    }

    func write(_ item: LiveHub.Outbound) async throws {
        switch item {
        case .event(let event, let text):
            try await write(event, text: text)
        case .notice(let text):
            try await output.send(text: text)
        case .close(let reason):
            try await output.close(.policyViolation, reason: reason)
        case .goingAway:
            try await output.close(.goingAway, reason: "Cadence is restarting.")
        case .fellBehind:
            // The device reconnects and resumes from its last seq, or reloads.
            try await output.send(notice("resync", ["reason": "This device fell behind."]))
            try await output.close(.unexpectedServerError, reason: "fell behind")
        }
    }

    private func write(_ event: LiveEvent, text: ByteBuffer) async throws {
        let sent = lastSent.withLock { $0 }
        guard event.seq > sent else { return }  // sent already (replay, or a second path)
        if event.seq > sent + 1 {
            // Arrived ahead of earlier ones (another instance, a listener outage): fill from history.
            let missing = try await events.events(accountID: accountID, after: sent, limit: Int(event.seq - sent - 1))
            if missing.first?.seq == sent + 1 {
                for earlier in missing { try await output.send(earlier.json) }
            } else {
                try await output.send(notice("resync", ["reason": "Events were missed.", "seq": event.seq]))
                lastSent.withLock { $0 = event.seq }
                return
            }
        }
        try await output.send(text: text)
        lastSent.withLock { $0 = event.seq }
    }

    private func notice(_ type: String, _ data: [String: Any]) -> String {
        LiveService.notice(type, data, clock: clock)
    }
}

extension LiveService {
    /// A message outside the numbered history (`hello`, `resync`, `ack`…), stamped with this instance's clock.
    func notice(_ type: String, _ data: [String: Any]) -> String {
        Self.notice(type, data, clock: clock)
    }

    static func notice(_ type: String, _ data: [String: Any], clock: any WallClock) -> String {
        LiveNotice.json(type: type, at: clock.now().millisecondsSince1970, data: LiveJSON.object(data))
    }
}
