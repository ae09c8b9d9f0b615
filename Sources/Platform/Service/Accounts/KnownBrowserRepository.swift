import Foundation

/// The browsers (and apps) that signed in to an account before, by a hash of the token in their cookie.
public protocol KnownBrowserRepository: Sendable {
    func remember(tokenHash: String, accountID: UUID, at: Date) async throws
    /// The e-mail address of the account this browser signed in to, or nil for a token no one issued.
    func email(tokenHash: String) async throws -> String?
}
