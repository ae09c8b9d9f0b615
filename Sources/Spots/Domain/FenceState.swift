import CadenceCore
import Foundation
import Geo

/// What the rules remember about one (fence, device) pair.
///
/// State is kept per device, not per fence: a phone and a watch of the same account
/// each have their own, so one device's stale or jittery fixes can never re-arm or
/// suppress another's. (Two devices arriving together both produce an `entered`
/// decision; the delivery layer sends one alert per fence to every device of the
/// account and may drop a second one for the same fence within a short window.)
/// When a fence's centre, radius or trigger is edited, start again from `.initial`.
public struct FenceState: Equatable, Sendable, Codable {
    public var position: FencePosition
    /// The seed's "alerted" column: set when the alert goes out, cleared by the
    /// opposite transition (leaving for `.arrive`, arriving for `.leave`).
    public var alerted: Bool
    /// Time of the newest report used; older ones are out of order.
    public var lastReportAt: Date?

    public init(position: FencePosition = .unknown, alerted: Bool = false, lastReportAt: Date? = nil) {
        self.position = position
        self.alerted = alerted
        self.lastReportAt = lastReportAt
    }

    public static let initial = FenceState()
}
