import Foundation

/// Tells the other instances that share the database what changed here (a session revoked, someone came
/// online), so their caches and sockets follow. With one instance there is no one to tell.
public protocol InstanceMessenger: Sendable {
    func tell(_ message: LiveMessage) async throws
}
