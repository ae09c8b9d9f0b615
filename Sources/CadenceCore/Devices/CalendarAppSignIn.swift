import Foundation

/// A calendar app signing in over CalDAV with the account's e-mail and an app password (HTTP Basic), throttled as
/// sign-ins are. The platform keeps the app passwords; Spots' CalDAV routes ask it who is syncing.
public protocol CalendarAppSignIn: Sendable {
    /// The calendar app the pair names; nil for a wrong one (after the throttle's wait, which throws when it applies).
    func calendarApp(email: String, password: String, client: String?) async throws -> DeviceIdentity?
}
