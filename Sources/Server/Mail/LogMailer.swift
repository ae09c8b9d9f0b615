import CadenceCore
import Foundation
import Logging

/// With no SMTP server configured, the operator reads the message in the server log.
public struct LogMailer: Mailer {
    let logger: Logger
    public init(logger: Logger) { self.logger = logger }

    public var delivers: Bool { false }

    public func send(_ message: MailMessage) async throws {
        logger.notice("E-mail not sent (no SMTP configured); its text follows.",
                      metadata: ["to": .string(message.to), "subject": .string(message.subject)])
        logger.notice("\(message.body)")
        for attachment in message.attachments {
            logger.notice("Attachment not sent: \(attachment.filename) (\(attachment.contentType), \(attachment.data.count) bytes).")
        }
    }
}
