import Foundation
import Logging

public struct MailMessage: Sendable, Equatable {
    public let to: String
    public let subject: String
    public let body: String
    /// Files sent along (a Stage handout), as MIME parts after the text.
    public var attachments: [MailAttachment] = []
}

public struct MailAttachment: Sendable, Equatable {
    public let filename: String
    public let contentType: String
    public let data: Data
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
        for attachment in message.attachments {
            logger.notice("Attachment not sent: \(attachment.filename) (\(attachment.contentType), \(attachment.data.count) bytes).")
        }
    }
}
