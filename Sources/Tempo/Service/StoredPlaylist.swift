import CadenceCore
import Foundation
import Tempo

/// A playlist as kept: which plan it was made for.
public struct StoredPlaylist: Sendable {
    public let id: UUID
    public let planID: UUID
    public var playlist: Playlist

    public init(id: UUID, planID: UUID, playlist: Playlist) {
        self.id = id
        self.planID = planID
        self.playlist = playlist
    }
}
