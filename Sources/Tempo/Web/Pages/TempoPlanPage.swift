import Foundation
import TempoService
import Web

/// `/phone/tempo/plans/{id}` and `/phone/tempo/playlists/{id}` (a playlist is drawn against its plan).
struct TempoPlanPage: Sendable {
    let planId: String
    let playlistId: String?
}
