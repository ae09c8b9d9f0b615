import CadenceCore
import Foundation
import Logging

/// Deleting an account (the account page, `DELETE /api/v1/account`, `cadence user delete`): every row of it goes
/// through the foreign keys' cascade (sessions, device tokens, push subscriptions, every feature's data), its files
/// leave the media store, every instance forgets its sessions and closes its sockets, and the person gets a receipt.
public struct AccountDeletion: Sendable {
    let accounts: any AccountRepository
    let instances: any InstanceMessenger
    /// Removes every stored file of an account (the media store's `removeAll`).
    let removeFiles: @Sendable (UUID) async throws -> Void
    /// This process's session cache and sockets; nil in the CLI, which has neither.
    let sessionCache: SessionCache?
    let hub: LiveHub?
    let mailer: any Mailer
    let logger: Logger
    /// The catalogue of a language, for the receipt (in the account's language, else English).
    let messages: @Sendable (Language) -> Messages

    public init(accounts: any AccountRepository, instances: any InstanceMessenger, removeFiles: @escaping @Sendable (UUID) async throws -> Void,
                sessionCache: SessionCache?, hub: LiveHub?, mailer: any Mailer, logger: Logger,
                messages: @escaping @Sendable (Language) -> Messages = { _ in Messages.englishOnly([:]) }) {
        self.messages = messages
        self.accounts = accounts
        self.instances = instances
        self.removeFiles = removeFiles
        self.sessionCache = sessionCache
        self.hub = hub
        self.mailer = mailer
        self.logger = logger
    }

    /// What a socket of a deleted account is told as it closes.
    public static let closeReason = "This account was deleted."

    public func delete(_ account: Account) async throws {
        // Files first: should the rows fail to go, the account is still there to delete again.
        try await removeFiles(account.id)
        guard try await accounts.delete(id: account.id) else { throw NotFound("account") }
        sessionCache?.removeAll(accountID: account.id, keeping: nil)
        hub?.closeAll(accountID: account.id, reason: Self.closeReason)
        try await instances.tell(.accountDeleted(account.id))
        // A file an upload in flight stored after the first pass.
        try await removeFiles(account.id)
        logger.info("account deleted", metadata: ["account": .string(account.id.uuidString)])
        // In the account's language; the English text stands when no catalogue is given (the CLI).
        let catalogue = messages(account.language ?? .english)
        let values = ["name": account.displayName, "email": account.email]
        let subject = catalogue.has("account.mail.deleted.subject") ? catalogue("account.mail.deleted.subject") : "Your Cadence account was deleted"
        let body = catalogue.has("account.mail.deleted.body") ? catalogue("account.mail.deleted.body", values) : """
            Hello \(account.displayName),

            Your Cadence account \(account.email) was deleted, as you asked: its talks, series, reminders, runs, \
            songs and files are gone, and every device that was signed in to it is signed out.

            If you did not ask for this, reply to tell the people who run this Cadence server.

            — Cadence
            """
        do {
            try await mailer.send(MailMessage(to: account.email, subject: subject, body: body))
        } catch {
            logger.warning("the deletion receipt could not be e-mailed", metadata: ["error": .string(String(describing: error))])
        }
    }
}
