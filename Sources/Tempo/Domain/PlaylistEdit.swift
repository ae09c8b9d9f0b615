import CadenceCore
import Foundation

/// A change the user makes to a planned playlist.
public enum PlaylistEdit: Equatable, Sendable {
    /// Take the entry out; its song is not planned again.
    case remove(Int)
    /// Move the entry to another position; it becomes pinned there.
    case move(from: Int, to: Int)
    /// Keep the entry's song at its place when the rest is re-planned.
    case pin(Int)
    case unpin(Int)
    /// Put a chosen song (from the library) at this position, pinned; the song it replaces is left out.
    case swap(Int, songID: UUID)
    /// Add a chosen song at this position (0…count; count appends), pinned; the entries after it are planned again.
    case insert(Int, songID: UUID)
}
