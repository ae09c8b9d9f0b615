import Foundation

/// Sends an event to every device of an account on the live channel. Services depend on this, not on the
/// channel itself, so they stay free of the server that carries it.
public protocol LiveAnnouncing: Sendable {
    /// - Parameters:
    ///   - type: the event's type, `module.event` ("talk.cast").
    ///   - data: the event's JSON, as devices read it.
    /// - Returns: the event as kept, numbered (`seq`).
    @discardableResult
    func announce(_ type: String, data: String, to accountID: UUID) async throws -> LiveEvent
}
