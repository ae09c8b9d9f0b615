import CadenceCore
import Foundation

/// A playlist planned for a plan (M3).
public struct Playlist: Equatable, Sendable, Codable {
    public var entries: [PlaylistEntry]
    /// What the library could not give the plan, in English: said for the API from `warningNotes`; a playlist
    /// planned before the notes were kept has these sentences alone.
    public var warnings: [String]
    /// The warnings, one note each, for the reader's language to say.
    public var warningNotes: [PlannerNote]?
    /// Share of the plan's duration covered by music, 0…1.
    public var coverage: Double
    public var planDuration: Double
    /// Songs the user removed or swapped out; re-planning leaves them out.
    public var excludedSongIDs: [UUID]
    public var options: PlannerOptions
}
