import CadenceCore
import Foundation

/// A playlist planned for a plan (M3).
public struct Playlist: Equatable, Sendable, Codable {
    public var entries: [PlaylistEntry]
    public var warnings: [String]
    /// `warnings`, one note each, for saying them in another language (absent from playlists planned before).
    public var warningNotes: [PlannerNote]?
    /// Share of the plan's duration covered by music, 0…1.
    public var coverage: Double
    public var planDuration: Double
    /// Songs the user removed or swapped out; re-planning leaves them out.
    public var excludedSongIDs: [UUID]
    public var options: PlannerOptions
}
