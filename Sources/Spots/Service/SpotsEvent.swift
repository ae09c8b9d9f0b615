import CadenceCore
import Foundation
import Spots

/// One fence decision as kept for "why did (or didn't) this fire" (R4).
public struct SpotsEvent: Equatable, Sendable {
    public let id: UUID
    public let reminderID: UUID
    public let deviceKey: String
    public let at: Date
    /// "place" for a location decision, "time" for a time alert.
    public let kind: String
    public let fired: Bool
    public let decision: FenceDecision?
    public let late: Bool

    public init(id: UUID = UUID(), reminderID: UUID, deviceKey: String, at: Date, kind: String, fired: Bool,
                decision: FenceDecision?, late: Bool = false) {
        self.id = id
        self.reminderID = reminderID
        self.deviceKey = deviceKey
        self.at = at
        self.kind = kind
        self.fired = fired
        self.decision = decision
        self.late = late
    }
}
