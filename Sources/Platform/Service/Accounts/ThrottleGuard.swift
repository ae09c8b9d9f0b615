import CadenceCore
import Foundation
import Synchronization

/// Sign-in throttling that keeps guessing slow without letting a stranger lock the owner out.
///
/// Attempts from a browser that signed in to this account before (it holds a known-browser token: OWASP's
/// "device cookie") count only against that browser: 5 failures in 15 minutes. Every other attempt counts against
/// its client and the e-mail (5), its client alone (50), and the e-mail from all unknown clients together (50,
/// which slows guessing from many addresses). So a stranger's wrong passwords lock out the stranger, and at worst
/// other unknown browsers; the owner's own browser and apps still sign in. Calendar apps, which keep no cookie,
/// use it without the shared count: their passwords are random and cannot be guessed anyway.
public final class ThrottleGuard: Sendable {
    /// Who is trying: where from, and which known browser, when the attempt comes with one for this e-mail.
    public struct Attempt: Sendable {
        public let email: String
        public let client: String?
        public let knownBrowser: String?

        public init(email: String, client: String?, knownBrowser: String? = nil) {
            self.email = email
            self.client = client
            self.knownBrowser = knownBrowser
        }

        var clientAndEmail: String { (client ?? "-") + "\n" + email }
    }

    private let perClientAndEmail: LockedThrottle
    private let perClient: LockedThrottle
    private let perEmail: LockedThrottle?
    private let perKnownBrowser: LockedThrottle

    /// `emailLimit` nil: no count for the e-mail across clients (calendar apps).
    public init(limit: Int = 5, clientLimit: Int = 50, emailLimit: Int? = 50, window: TimeInterval = 15 * 60) {
        perClientAndEmail = LockedThrottle(limit: limit, window: window)
        perClient = LockedThrottle(limit: clientLimit, window: window)
        perEmail = emailLimit.map { LockedThrottle(limit: $0, window: window) }
        perKnownBrowser = LockedThrottle(limit: limit, window: window)
    }

    /// Seconds to wait, when this attempt's counts are full.
    public func retryAfter(_ attempt: Attempt, now: Date) -> TimeInterval? {
        if let known = attempt.knownBrowser { return perKnownBrowser.retryAfter(known, now: now) }
        return [perClientAndEmail.retryAfter(attempt.clientAndEmail, now: now),
                attempt.client.flatMap { perClient.retryAfter($0, now: now) },
                perEmail?.retryAfter(attempt.email, now: now)].compactMap { $0 }.max()
    }

    public func recordFailure(_ attempt: Attempt, now: Date) {
        if let known = attempt.knownBrowser { return perKnownBrowser.recordFailure(known, now: now) }
        perClientAndEmail.recordFailure(attempt.clientAndEmail, now: now)
        if let client = attempt.client { perClient.recordFailure(client, now: now) }
        perEmail?.recordFailure(attempt.email, now: now)
    }

    /// Clears the count the attempt was held to (only that one: a known browser's success on a shared address must
    /// not clear what a stranger there has spent).
    public func recordSuccess(_ attempt: Attempt) {
        if let known = attempt.knownBrowser { return perKnownBrowser.reset(known) }
        perClientAndEmail.reset(attempt.clientAndEmail)
    }
}
