import Foundation

/// What the person does. Walking and cycling use the same plan model as running;
/// only the tables below change (cycling cadence is pedal revolutions per minute).
public enum Activity: String, Codable, Sendable, CaseIterable {
    case running, walking, cycling

    /// The unit of a cadence for this activity, for messages and labels.
    public var cadenceUnit: String { self == .cycling ? "rpm" : "steps/min" }

    /// The zone table and limits for this activity.
    public var profile: ActivityProfile {
        switch self {
        case .running: .running
        case .walking: .walking
        case .cycling: .cycling
        }
    }
}
