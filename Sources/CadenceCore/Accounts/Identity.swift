import Foundation

/// Who is asking: the signed-in account and the session that proves it.
public struct Identity: Sendable {
    public let account: Account
    public let session: SessionRecord
    /// Cookies ride along on cross-site requests; bearer tokens never do, so only
    /// cookie-authenticated writes need CSRF checks.
    public let viaCookie: Bool

    public init(account: Account, session: SessionRecord, viaCookie: Bool) {
        self.account = account
        self.session = session
        self.viaCookie = viaCookie
    }
}
