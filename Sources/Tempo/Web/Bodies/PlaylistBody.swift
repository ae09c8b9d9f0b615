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
        playlist = planned.playlist.saidInEnglish
        curve = planned.plan.timeline.curve
        let used = Set(planned.playlist.entries.map(\.song.id))
        songs = planned.library.filter { used.contains($0.id) }.map {
            SongTitle(id: $0.id, title: $0.title, url: "/api/v1/tempo/songs/\($0.id.uuidString.lowercased())/file")
        }
    }
}

extension Playlist {
    /// The playlist as the API sends it: every reason and warning that has notes said in English from them (for
    /// programs; pages say the notes in their reader's language). One planned before the notes keeps its English.
    var saidInEnglish: Playlist {
        let english = Catalogues.bundled.messages(.english)
        func say(_ notes: [PlannerNote]) -> [String] { notes.map { english("js." + $0.key, $0.values) } }
        var playlist = self
        if let notes = warningNotes { playlist.warnings = say(notes) }
        for index in playlist.entries.indices {
            if let notes = playlist.entries[index].whyNotes { playlist.entries[index].why = say(notes).joined(separator: " ") }
        }
        return playlist
    }
}
