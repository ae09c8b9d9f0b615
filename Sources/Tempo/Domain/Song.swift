import CadenceCore
import Foundation

/// A song of the user's library, as far as planning needs it.
public struct Song: Equatable, Sendable, Codable, Identifiable {
    public let id: UUID
    public let title: String
    /// Beats per minute as analysed.
    public let bpm: Double
    public let durationSeconds: Double
    /// The user's correction of the analysed BPM; the planner uses it when set.
    public let bpmOverride: Double?
    /// The key the analysis found, when it found one: transitions prefer neighbouring keys.
    public let key: CamelotKey?

    public static let bpmRange: ClosedRange<Double> = 30...300
    public static let durationRange: ClosedRange<Double> = 10...(2 * 3600)

    /// A song's title as a person types it: trimmed, not empty, at most 200 characters.
    public static func checkTitle(_ title: String) throws(ValidationError) -> String {
        try RequiredText.check(title, field: "title", maximumLength: 200, whenEmpty: "Give the song a title.", noun: "A title",
                               keys: .under("tempo.music.error.title"))
    }

    public init(id: UUID = UUID(), title: String, bpm: Double, durationSeconds: Double, bpmOverride: Double? = nil, key: CamelotKey? = nil) throws(ValidationError) {
        self.id = id
        self.title = try Self.checkTitle(title)
        guard bpm.isFinite, Self.bpmRange.contains(bpm) else { throw ValidationError(field: "bpm", "A tempo is 30 to 300 BPM.", key: "tempo.music.error.bpm") }
        guard durationSeconds.isFinite, Self.durationRange.contains(durationSeconds) else {
            throw ValidationError(field: "durationSeconds", "A song lasts 10 seconds to 2 hours.", key: "tempo.music.error.duration")
        }
        if let bpmOverride, !(bpmOverride.isFinite && Self.bpmRange.contains(bpmOverride)) {
            throw ValidationError(field: "bpmOverride", "A tempo is 30 to 300 BPM.", key: "tempo.music.error.bpm")
        }
        self.bpm = bpm
        self.durationSeconds = durationSeconds
        self.bpmOverride = bpmOverride
        self.key = key
    }

    /// The BPM planning uses: the override when set.
    public var planningBPM: Double { bpmOverride ?? bpm }
}
