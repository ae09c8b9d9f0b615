import Foundation
import Logging

public struct MailMessage: Sendable, Equatable {
    public let to: String
    public let subject: String
    public let body: String
}

/// Sends the few e-mails Cadence writes (password resets).
public protocol Mailer: Sendable {
    func send(_ message: MailMessage) async throws
}

/// With no SMTP server configured, the operator reads the message in the server log.
public struct LogMailer: Mailer {
    let logger: Logger
    public init(logger: Logger) { self.logger = logger }

    public func send(_ message: MailMessage) async throws {
        logger.notice("E-mail not sent (no SMTP configured); its text follows.",
                      metadata: ["to": .string(message.to), "subject": .string(message.subject)])
        logger.notice("\(message.body)")
    }
}
