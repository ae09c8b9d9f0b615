import CadenceCore
import Foundation
import Logging

/// Everything P1 does with accounts and sessions, shared by the JSON API and the
/// pages so both follow the same rules and say the same things.
public struct AccountService: Sendable {
    let accounts: any AccountRepository
    let sessions: any SessionRepository
    let resets: any PasswordResetRepository
    let hasher: PasswordHasher
    let throttle: ThrottleGuard
    /// Browsers that signed in before, whose attempts the throttle counts apart (see ThrottleGuard).
    let knownBrowsers: any KnownBrowserRepository
    /// Resolved sessions, so authenticated reads skip the database (see SessionCache).
    let sessionCache: SessionCache
    /// Other instances are told of revocations so their caches drop them too.
    let instances: any InstanceMessenger
    /// What a new account starts with (an example talk).
    let examples: any NewAccountContent
    let mailer: any Mailer
    let clock: any WallClock
    let publicURL: String
    let logger: Logger
    /// The catalogue of a language, for the e-mails this service writes (in the account's language, else English).
    let messages: @Sendable (Language) -> Messages

    public init(
        accounts: any AccountRepository, sessions: any SessionRepository, resets: any PasswordResetRepository,
        hasher: PasswordHasher, throttle: ThrottleGuard, knownBrowsers: any KnownBrowserRepository, sessionCache: SessionCache,
        instances: any InstanceMessenger, examples: any NewAccountContent, mailer: any Mailer, clock: any WallClock, publicURL: String, logger: Logger,
        messages: @escaping @Sendable (Language) -> Messages = { _ in Messages.englishOnly([:]) }
    ) {
        self.messages = messages
        self.accounts = accounts
        self.sessions = sessions
        self.resets = resets
        self.hasher = hasher
        self.throttle = throttle
        self.knownBrowsers = knownBrowsers
        self.sessionCache = sessionCache
        self.instances = instances
        self.examples = examples
        self.mailer = mailer
        self.clock = clock
        self.publicURL = publicURL
        self.logger = logger
    }

    public static let resetLinkLifetime: TimeInterval = 60 * 60
    /// A session's "last used" is refreshed at most this often, so reads stay reads.
    public static let touchInterval: TimeInterval = 5 * 60
    /// A session unused for this long is over, like its cookie.
    public static let idleLifetime = TimeInterval(AccountRules.sessionLifetime)

    public struct SignedIn: Sendable {
        public let account: Account
        public let token: String
        /// A known-browser token to keep (in a long-lived cookie) when the browser did not hold one for this account.
        public var knownBrowser: String?
    }

    /// `words`: the catalogue of the language the person signed up in (the example content is written in it).
    public func register(
        email rawEmail: String, displayName rawName: String, password: String, userAgent: String, words: Messages
    ) async throws -> SignedIn {
        let email = try AccountRules.normalizedEmail(rawEmail)
        let displayName = try AccountRules.displayName(rawName)
        try AccountRules.checkPassword(password)
        let account = Account(id: UUID(), email: email, displayName: displayName, createdAt: clock.now())
        do {
            try await accounts.create(account, passwordHash: try await hasher.hash(password))
        } catch AccountStoreError.emailTaken {
            throw Conflict(code: "email_taken", "An account with this e-mail address already exists. Sign in instead.", field: "email",
                           key: "account.error.email_taken")
        }
        do {
            try await examples.create(for: account, at: clock.now(), words: words)
        } catch {
            // The account is made; a missing example is not worth failing the sign-up for.
            logger.error("creating the example content failed", metadata: ["error": .string(String(describing: error))])
        }
        logger.info("account registered", metadata: ["account": .string(account.id.uuidString)])
        var signedIn = SignedIn(account: account, token: try await startSession(for: account, userAgent: userAgent))
        signedIn.knownBrowser = try await rememberBrowser(of: account)
        return signedIn
    }

    /// `knownBrowser`: the token of the browser's known-browser cookie, if it has one.
    public func signIn(email rawEmail: String, password: String, client: String?, knownBrowser: String? = nil,
                       userAgent: String) async throws -> SignedIn {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        // A token only counts for the account it was issued for (a stranger's own cookie is no pass to another's).
        var trusted: String?
        if let knownBrowser, knownBrowser.count <= 128, try await knownBrowsers.email(tokenHash: SecretToken.hash(knownBrowser)) == email {
            trusted = SecretToken.hash(knownBrowser)
        }
        let attempt = ThrottleGuard.Attempt(email: email, client: client, knownBrowser: trusted)
        if let wait = throttle.retryAfter(attempt, now: clock.now()) {
            throw TooManyAttempts("failed sign-ins", retryAfter: wait)
        }
        let found = try await accounts.credentials(email: email)
        var matches = false
        if let found {
            matches = try await hasher.verify(password, hash: found.passwordHash)
        } else {
            // Spend the same bcrypt time, so timing does not reveal which addresses exist.
            _ = try await hasher.hash(password)
        }
        guard let found, matches else {
            throttle.recordFailure(attempt, now: clock.now())
            throw NotAuthenticated(code: "invalid_credentials", "That e-mail address and password do not match an account.",
                                   key: "auth.error.invalid_credentials")
        }
        throttle.recordSuccess(attempt)
        var signedIn = SignedIn(account: found.account, token: try await startSession(for: found.account, userAgent: userAgent))
        if trusted == nil { signedIn.knownBrowser = try await rememberBrowser(of: found.account) }
        return signedIn
    }

    /// A new known-browser token for the browser that just signed in to `account`.
    private func rememberBrowser(of account: Account) async throws -> String {
        let token = SecretToken.generate()
        try await knownBrowsers.remember(tokenHash: SecretToken.hash(token), accountID: account.id, at: clock.now())
        return token
    }

    public func startSession(for account: Account, userAgent: String) async throws -> String {
        let token = SecretToken.generate()
        let now = clock.now()
        let session = SessionRecord(id: UUID(), accountID: account.id, createdAt: now, lastUsedAt: now,
                                    userAgent: String(userAgent.prefix(200)))
        try await sessions.create(session, tokenHash: SecretToken.hash(token))
        return token
    }

    /// The identity behind a presented token, or nil when it is unknown or revoked.
    public func identity(token: String, viaCookie: Bool) async throws -> Identity? {
        guard !token.isEmpty, token.count <= 128 else { return nil }
        let tokenHash = SecretToken.hash(token)
        if let cached = sessionCache.lookup(tokenHash: tokenHash) {
            return Identity(account: cached.account, session: cached.session, viaCookie: viaCookie)
        }
        guard let found = try await sessions.resolve(tokenHash: tokenHash) else { return nil }
        let now = clock.now()
        let idle = now.timeIntervalSince(found.session.lastUsedAt)
        if idle > Self.idleLifetime {
            _ = try await sessions.revoke(id: found.session.id, accountID: found.account.id)
            return nil  // (it was never cached: entries expire long before a session idles out)
        }
        var session = found.session
        if idle > Self.touchInterval {
            try await sessions.touch(id: session.id, at: now)
            session.lastUsedAt = now
        }
        sessionCache.store(tokenHash: tokenHash, account: found.account, session: session)
        return Identity(account: found.account, session: session, viaCookie: viaCookie)
    }

    public func signOut(_ identity: Identity) async throws {
        _ = try await revokeSession(id: identity.session.id, of: identity)
    }

    /// Revokes one of the account's sessions; false when the id is not one of them.
    public func revokeSession(id: UUID, of identity: Identity) async throws -> Bool {
        // The database first: dropping the cache entry earlier would let a request re-cache it meanwhile.
        let revoked = try await sessions.revoke(id: id, accountID: identity.account.id)
        try await dropFromCaches(.sessionRevoked(id))
        return revoked
    }

    /// Drops revoked sessions from this instance's cache and, with PostgreSQL, every other's.
    private func dropFromCaches(_ message: LiveMessage) async throws {
        switch message {
        case .sessionRevoked(let id): sessionCache.remove(sessionID: id)
        case .accountSessionsRevoked(let accountID, let keeping): sessionCache.removeAll(accountID: accountID, keeping: keeping)
        case .accountDeleted(let accountID): sessionCache.removeAll(accountID: accountID, keeping: nil)
        case .event, .presence: return
        }
        try await instances.tell(message)
    }

    public func listSessions(of identity: Identity) async throws -> [SessionRecord] {
        try await sessions.list(accountID: identity.account.id)
    }

    /// Saves the person's interface language and units; this instance's cached sessions see them at once (another
    /// instance's within the cache's lifetime).
    public func setPreferences(_ identity: Identity, language: Language?, units: UnitSystem) async throws -> Account {
        try await accounts.setPreferences(language: language, units: units, for: identity.account.id)
        var account = identity.account
        account.language = language
        account.units = units
        sessionCache.replaceAccount(account)
        return account
    }

    /// Changes the password and signs out every other session at once.
    public func changePassword(_ identity: Identity, current: String, new: String) async throws {
        guard let hash = try await accounts.passwordHash(id: identity.account.id),
              try await hasher.verify(current, hash: hash)
        else {
            throw Refused(code: "wrong_password", "The current password is not right.", field: "currentPassword",
                          key: "account.error.wrong_current_password")
        }
        try AccountRules.checkPassword(new, field: "newPassword")
        try await accounts.setPasswordHash(try await hasher.hash(new), for: identity.account.id)
        try await sessions.revokeAll(accountID: identity.account.id, keeping: identity.session.id)
        try await dropFromCaches(.accountSessionsRevoked(identity.account.id, keeping: identity.session.id))
        logger.info("password changed", metadata: ["account": .string(identity.account.id.uuidString)])
    }

    /// Checks the person's password before something that cannot be undone (deleting the account).
    public func confirmPassword(_ password: String, of identity: Identity) async throws {
        guard let hash = try await accounts.passwordHash(id: identity.account.id), try await hasher.verify(password, hash: hash) else {
            throw Refused(code: "wrong_password", "The password is not right.", field: "password", key: "account.error.wrong_password")
        }
    }

    /// Sends a reset link when the address has an account; says nothing either way.
    public func requestPasswordReset(email rawEmail: String) async throws {
        guard let email = try? AccountRules.normalizedEmail(rawEmail),
              let found = try await accounts.credentials(email: email)
        else { return }
        let token = SecretToken.generate()
        try await resets.create(tokenHash: SecretToken.hash(token), accountID: found.account.id,
                                expiresAt: clock.now().addingTimeInterval(Self.resetLinkLifetime))
        let link = "\(publicURL)/reset?token=\(token)"
        let english = """
            Hello \(found.account.displayName),

            Someone asked to reset the password of your Cadence account. To choose a new
            password, open this link within the next hour (it works once):

            \(link)

            If it was not you, ignore this message: your password stays as it is.
            """
        // In the account's language; the English text stands when no catalogue is given (tests of the service).
        let catalogue = messages(found.account.language ?? .english)
        let subject = catalogue.has("auth.mail.reset.subject") ? catalogue("auth.mail.reset.subject") : "Reset your Cadence password"
        let body = catalogue.has("auth.mail.reset.body")
            ? catalogue("auth.mail.reset.body", ["name": found.account.displayName, "link": link]) : english
        do {
            try await mailer.send(MailMessage(to: email, subject: subject, body: body))
        } catch {
            // The answer must not differ for known addresses, so a mail failure is the operator's to see.
            logger.error("password reset e-mail failed", metadata: ["error": .string(String(describing: error))])
        }
    }

    /// Sets a new password through a reset link and revokes every session of the account.
    public func resetPassword(token: String, newPassword: String) async throws {
        try AccountRules.checkPassword(newPassword, field: "newPassword")
        guard let accountID = try await resets.consume(tokenHash: SecretToken.hash(token), now: clock.now()) else {
            throw Refused(code: "invalid_reset_link",
                          "This reset link has expired or was already used. Ask for a new one.", field: "token",
                          key: "auth.error.invalid_reset_link")
        }
        try await accounts.setPasswordHash(try await hasher.hash(newPassword), for: accountID)
        try await sessions.revokeAll(accountID: accountID, keeping: nil)
        try await dropFromCaches(.accountSessionsRevoked(accountID, keeping: nil))
        logger.info("password reset", metadata: ["account": .string(accountID.uuidString)])
    }
}

