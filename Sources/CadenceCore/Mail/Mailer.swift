import Foundation

/// Sends the few e-mails Cadence writes (password resets, Stage handouts).
public protocol Mailer: Sendable {
    /// False when messages only reach the server's log (no mail server configured).
    var delivers: Bool { get }
    func send(_ message: MailMessage) async throws
}

extension Mailer {
    public var delivers: Bool { true }
}
