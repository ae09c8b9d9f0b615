import CadenceCore
import Foundation
import Hummingbird
import Tempo
import TempoService
import Web

struct PlaylistBody: JSONResponse {
    struct SongTitle: Encodable {
        let id: UUID
        let title: String
        let url: String
    }

    let id: UUID
    let planId: UUID
    let playlist: Playlist
    let curve: [CurvePoint]
    let songs: [SongTitle]

    init(_ planned: TempoPlans.PlannedPlaylist) {
        id = planned.id
        planId = planned.plan.id
        playlist = planned.playlist
        curve = planned.plan.timeline.curve
        let used = Set(planned.playlist.entries.map(\.song.id))
        songs = planned.library.filter { used.contains($0.id) }.map {
            SongTitle(id: $0.id, title: $0.title, url: "/api/v1/tempo/songs/\($0.id.uuidString.lowercased())/file")
        }
    }
}
