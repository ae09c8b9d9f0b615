import CadenceCore
import Foundation
import HTTPTypes
import Hummingbird
import Tempo
import TempoService
import Web

/// `/api/v1/tempo/playlists/{id}/mix…` (M6): ask for a playlist's mix, follow its rendering, play or download it.
struct TempoMixesController {
    let mixes: TempoMixes

    func addRoutes(to api: APIGroups) {
        api.person.post("playlists/:id/mix", use: request)
        api.account.get("playlists/:id/mix", use: status)
        api.account.get("playlists/:id/mix.webm") { request, context in try await file(.webm, request: request, context: context) }
        api.account.get("playlists/:id/mix.m4a") { request, context in try await file(.m4a, request: request, context: context) }
    }

    /// 202 while it is queued or rendering, 200 when current files are there already.
    @Sendable func request(request: Request, context: SignedInContext) async throws -> EditedResponse<MixBody> {
        let id = try context.parameters.requireID("id")
        let mix = try await mixes.request(playlistID: id, accountID: context.account.id)
        return EditedResponse(status: mix.isCurrent ? .ok : .accepted, response: MixBody(mix))
    }

    /// The mix's state; `none` before anyone asked for one (a playlist that does not exist is 404).
    @Sendable func status(request: Request, context: AccountContext) async throws -> MixBody {
        let id = try context.parameters.requireID("id")
        guard let mix = try await mixes.status(playlistID: id, accountID: context.account.id) else { return MixBody.none }
        return MixBody(mix)
    }

    func file(_ format: MixRenderer.Format, request: Request, context: AccountContext) async throws -> Response {
        let id = try context.parameters.requireID("id")
        // Only the stored record: a playing mix asks for range after range, and staleness does not matter here.
        guard let mix = try await mixes.stored(playlistID: id, accountID: context.account.id), mix.hasFiles,
              let size = mix.bytes[format], let etag = mix.renderedFingerprint else { throw NotFound("mix") }
        var response = try await RangedFile.response(media: mixes.library.media, key: mixes.key(playlistID: id, accountID: context.account.id, format: format),
                                                     size: Int(size), contentType: format.contentType, etag: "\(etag)-\(format.rawValue)",
                                                     request: request, context: context)
        if request.uri.queryParameters["download"] != nil {
            response.headers[HTTPField.Name.contentDisposition] = "attachment; filename=\"cadence-mix.\(format.rawValue)\""
        }
        return response
    }
}

/// What `…/mix` answers: the state, and once there are files, where they are and where each song sits in them.
struct MixBody: JSONResponse {
    let state: String
    let progress: Double
    let message: String?
    /// `message` as a keyed note, for the page's language.
    let messageNote: Note?
    /// The files there follow an older version of the playlist (a new render is queued or running).
    let stale: Bool
    let durationSeconds: Double?
    let files: [String: String]?
    let bytes: [String: Int64]?
    let parts: [MixLayoutPart]

    static let none = MixBody(state: "none", progress: 0, message: nil, stale: false, durationSeconds: nil, files: nil, bytes: nil, parts: [])

    init(state: String, progress: Double, message: String?, stale: Bool, durationSeconds: Double?, files: [String: String]?,
         bytes: [String: Int64]?, parts: [MixLayoutPart]) {
        self.state = state; self.progress = progress; self.message = message; messageNote = nil; self.stale = stale
        self.durationSeconds = durationSeconds; self.files = files; self.bytes = bytes; self.parts = parts
    }

    init(_ mix: MixRecord) {
        state = mix.state.rawValue
        progress = mix.progress
        message = mix.message
        messageNote = mix.messageNote
        stale = mix.hasFiles && !mix.isCurrent
        durationSeconds = mix.durationMs.map { Double($0) / 1000 }
        let base = "/api/v1/tempo/playlists/\(mix.playlistID.uuidString.lowercased())/mix"
        files = mix.hasFiles ? Dictionary(uniqueKeysWithValues: MixRenderer.Format.allCases.map { ($0.rawValue, "\(base).\($0.rawValue)") }) : nil
        bytes = mix.hasFiles ? Dictionary(uniqueKeysWithValues: mix.bytes.map { ($0.key.rawValue, $0.value) }) : nil
        parts = mix.hasFiles ? mix.layout : []
    }
}
