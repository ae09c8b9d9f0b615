import Foundation

/// What the audience screens show (S2): the presenter's view (mirror, the seed's default,
/// A.3.1) or the slides alone (project). The person's last choice is kept for their next talk.
public enum ScreenMode: String, Sendable, CaseIterable, Codable {
    case mirror
    case project

    public static let `default` = ScreenMode.mirror
}
