import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Tempo
import Web
import TempoService

/// `/api/v1/tempo/songs` (M1): the music library. Uploads are `multipart/form-data`
/// (one or more `file` parts) or a raw body with `?filename=`; each song's tempo is
/// analysed in the background and its progress shown on the song.
struct TempoSongsController {
    let library: TempoLibrary

    func addRoutes(to api: APIGroups) {
        api.account.get("songs", use: list)
        api.person.post("songs", use: upload)
        api.person.post("songs/demo", use: addDemo)
        api.account.get("songs/:id", use: show)
        api.person.patch("songs/:id", use: update)
        api.person.delete("songs/:id", use: delete)
        api.account.get("songs/:id/file", use: file)
        api.account.get("songs/:id/beats", use: beats)
    }

    @Sendable func list(request: Request, context: AccountContext) async throws -> [SongBody] {
        let query = request.uri.queryParameters
        let minBPM = try query["minBpm"].map { text in
            guard let min = Double(String(text)) else { throw APIError.invalid(field: "minBpm", "minBpm is a number.", localized: MessageKey("tempo.music.error.min_bpm_number")) }
            return min
        }
        let maxBPM = try query["maxBpm"].map { text in
            guard let max = Double(String(text)) else { throw APIError.invalid(field: "maxBpm", "maxBpm is a number.", localized: MessageKey("tempo.music.error.max_bpm_number")) }
            return max
        }
        guard let order = TempoLibrary.SongOrder(rawValue: query["sort"].map(String.init) ?? "added") else {
            throw APIError.invalid(field: "sort", "Sort by added, bpm or title.", localized: MessageKey("tempo.music.error.sort"))
        }
        return try await library.songs(accountID: context.account.id, minBPM: minBPM, maxBPM: maxBPM, order: order).map(SongBody.init)
    }

    /// Cadence's demo songs (issue 39), made here and analysed like uploads; 201 with the ones made (none when they
    /// are all in the library already).
    @Sendable func addDemo(request: Request, context: SignedInContext) async throws -> EditedResponse<[SongBody]> {
        let made = try await library.addDemoSongs(accountID: context.identity.account.id)
        return EditedResponse(status: made.isEmpty ? .ok : .created, response: made.map(SongBody.init))
    }

    /// One or more files; each is stored and queued for analysis. All are checked before any is kept. The body is
    /// written to disk as it arrives (a multipart form's file parts each to a file of their own).
    @Sendable func upload(request: Request, context: SignedInContext) async throws -> EditedResponse<[SongBody]> {
        let limit = TempoLibrary.maximumFileBytes
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-songs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [(name: String, url: URL)] = []
        if MultipartUpload.isForm(request) {
            let form = try await MultipartUpload.receive(request, limit: limit, into: folder, field: "file")
            files = form.files.filter { $0.name == "file" }.map { ($0.filename, $0.url) }
        } else {
            guard let name = request.uri.queryParameters["filename"].map(String.init), !name.isEmpty else {
                throw APIError.invalid(field: "filename", "Say the file's name: ?filename=song.mp3 (or send multipart/form-data).",
                                       localized: MessageKey("tempo.music.error.filename_query"))
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("upload")
            try await UploadedBody.save(request, to: file, limit: limit)
            files = [(name, file)]
        }
        let added = try await library.add(files, accountID: context.account.id)
        return EditedResponse(status: .created, response: added.map(SongBody.init))
    }

    @Sendable func show(request: Request, context: AccountContext) async throws -> SongBody {
        SongBody(try await library.song(try context.parameters.requireID("id"), accountID: context.account.id))
    }

    @Sendable func beats(request: Request, context: AccountContext) async throws -> SongBeatsBody {
        SongBeatsBody(try await library.beats(try context.parameters.requireID("id"), accountID: context.account.id))
    }

    struct SongChange: Decodable {
        let title: String?
        let artist: String?
        /// The person's reading of the tempo; null clears it.
        let bpmOverride: Double??

        enum CodingKeys: String, CodingKey { case title, artist, bpmOverride }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            artist = try container.decodeIfPresent(String.self, forKey: .artist)
            bpmOverride = container.contains(.bpmOverride) ? .some(try container.decodeIfPresent(Double.self, forKey: .bpmOverride)) : nil
        }
    }

    @Sendable func update(request: Request, context: SignedInContext) async throws -> SongBody {
        let id = try context.parameters.requireID("id")
        let change = try await request.decode(as: SongChange.self, context: context)
        return SongBody(try await library.update(
            id, with: .init(title: change.title, artist: change.artist, bpmOverride: change.bpmOverride), accountID: context.account.id))
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> Response {
        let account = context.identity.account
        guard try await library.delete(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("song")
        }
        return Response(status: .noContent)
    }

    /// The audio itself, with ranges, for previews and the live run.
    @Sendable func file(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        let song = try await library.song(try context.parameters.requireID("id"), accountID: account.id)
        return try await RangedFile.response(media: library.media, key: library.key(of: song, accountID: account.id), size: Int(song.byteSize),
                                             contentType: song.contentType, etag: song.sha256, request: request, context: context)
    }
}
