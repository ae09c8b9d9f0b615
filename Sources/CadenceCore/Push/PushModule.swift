import Foundation

/// What a push is about. Each person chooses, per module, whether it may push them (all may until they say not).
public enum PushModule: String, Codable, CaseIterable, Sendable {
    case spots
    case devices
    case talks
    case stage
    case tempo

    /// How the devices page names the choice.
    public var label: String {
        switch self {
        case .spots: "Spots reminders (time and place alerts)"
        case .devices: "Find my device"
        case .talks: "A talk cast to your watch"
        case .stage: "A long Stage import finished"
        case .tempo: "A long Tempo analysis finished"
        }
    }
}
