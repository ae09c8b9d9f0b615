import Foundation

/// A time alert that fired (R4). Exactly-once delivery is the database's job; this is the record.
public struct TimeAlert: Equatable, Sendable, Codable {
    /// An alert counts as late when it fired more than this many seconds after its due time — the
    /// server was down or busy and it fired on start-up (R4: "missed ones fire on start"), so the
    /// notification can say "was due at 09:00".
    public static let lateAfter: TimeInterval = 60

    public let reminderID: UUID
    public let due: Date
    public let firedAt: Date
    /// `firedAt − due > 60 s`.
    public let late: Bool

    public init(reminderID: UUID, due: Date, firedAt: Date) {
        self.reminderID = reminderID
        self.due = due
        self.firedAt = firedAt
        self.late = firedAt.timeIntervalSince(due) > Self.lateAfter
    }
}
