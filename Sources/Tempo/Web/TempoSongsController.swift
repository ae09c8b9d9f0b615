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
    let clock: any WallClock

    var store: any TempoStore { library.store }

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.get("songs", use: list)
        group.post("songs", use: upload)
        group.get("songs/:id", use: show)
        group.patch("songs/:id", use: update)
        group.delete("songs/:id", use: delete)
        group.get("songs/:id/file", use: file)
    }

    @Sendable func list(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        var songs = try await store.songs(accountID: account.id)
        let query = request.uri.queryParameters
        if let text = query["minBpm"] {
            guard let min = Double(String(text)) else { throw APIError.invalid(field: "minBpm", "minBpm is a number.") }
            songs = songs.filter { ($0.effectiveBPM ?? -1) >= min }
        }
        if let text = query["maxBpm"] {
            guard let max = Double(String(text)) else { throw APIError.invalid(field: "maxBpm", "maxBpm is a number.") }
            songs = songs.filter { ($0.effectiveBPM ?? .infinity) <= max }
        }
        switch query["sort"].map(String.init) ?? "added" {
        case "added": break
        case "bpm": songs.sort { ($0.effectiveBPM ?? .infinity, $0.title) < ($1.effectiveBPM ?? .infinity, $1.title) }
        case "title": songs.sort { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        default: throw APIError.invalid(field: "sort", "Sort by added, bpm or title.")
        }
        return .json(songs.map(SongBody.init))
    }

    /// One or more files; each is stored and queued for analysis. All are checked before any is kept.
    @Sendable func upload(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let limit = TempoLibrary.maximumFileBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw JSONBody.tooLarge(limit: limit) }
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: limit) } catch is NIOTooManyBytesError { throw JSONBody.tooLarge(limit: limit) }
        let data = Data(buffer: body)
        let contentType = request.headers[.contentType] ?? ""
        var files: [(name: String, data: Data)] = []
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard let boundary = MultipartForm.boundary(fromContentType: contentType) else {
                throw APIError.invalid(field: "file", "The multipart body has no boundary.")
            }
            let form: MultipartForm
            do { form = try MultipartForm(body: data, boundary: boundary) } catch {
                throw APIError.invalid(field: "file", "The upload could not be read: \(error).")
            }
            files = form.parts.filter { $0.name == "file" }.map { ($0.filename ?? "upload", $0.data) }
        } else {
            guard let name = request.uri.queryParameters["filename"].map(String.init), !name.isEmpty else {
                throw APIError.invalid(field: "filename", "Say the file's name: ?filename=song.mp3 (or send multipart/form-data).")
            }
            files = [(name, data)]
        }
        guard !files.isEmpty else { throw APIError.invalid(field: "file", "Send at least one file (a part named \"file\").") }
        var added: [SongRecord] = []
        for file in files {
            do {
                added.append(try await library.add(file.data, filename: file.name, accountID: account.id))
            } catch let error as ValidationError {
                for song in added { _ = try? await library.delete(id: song.id, accountID: account.id) }
                throw APIError.invalid(field: error.field, error.message)
            }
        }
        for song in added { library.analyseLater(song.id, accountID: account.id) }
        return .json(added.map(SongBody.init), status: .created)
    }

    @Sendable func show(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(SongBody(try await requireSong(context, account: account)))
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

    @Sendable func update(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        var song = try await requireSong(context, account: account)
        var request = request
        let change = try await request.decodeJSON(SongChange.self, context: context)
        if let title = change.title {
            song.title = try RequiredText.check(title, field: "title", maximumLength: 200, whenEmpty: "Give the song a title.", noun: "A title")
        }
        if let artist = change.artist { song.artist = artist.isEmpty ? nil : String(artist.prefix(200)) }
        if let override = change.bpmOverride {
            if let bpm = override, !Song.bpmRange.contains(bpm) {
                throw APIError.invalid(field: "bpmOverride", "A tempo is from \(Int(Song.bpmRange.lowerBound)) to \(Int(Song.bpmRange.upperBound)) BPM.")
            }
            song.bpmOverride = override
        }
        try await store.saveSong(song, accountID: account.id, at: clock.now())
        return .json(SongBody(song))
    }

    @Sendable func delete(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        guard try await library.delete(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("song")
        }
        return Response(status: .noContent)
    }

    /// The audio itself, with ranges, for previews and the live run.
    @Sendable func file(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let song = try await requireSong(context, account: account)
        return try await RangedFile.response(path: library.fileURL(of: song, accountID: account.id).path, size: Int(song.byteSize),
                                             contentType: song.contentType, etag: song.sha256, request: request, context: context)
    }

    private func requireSong(_ context: AppContext, account: Account) async throws -> SongRecord {
        guard let song = try await store.song(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("song")
        }
        return song
    }
}

struct SongBody: Encodable {
    let id: UUID
    let title: String
    let artist: String?
    let filename: String
    let contentType: String
    let bytes: Int64
    let durationMs: Int64?
    let bpm: Double?
    let confidence: Double?
    let alternatives: [Double]
    let bpmOverride: Double?
    /// The tempo plans use: the override, else the analysis.
    let effectiveBpm: Double?
    let analysis: String
    let progress: Double
    let message: String?
    let url: String

    init(_ song: SongRecord) {
        id = song.id
        title = song.title
        artist = song.artist
        filename = song.filename
        contentType = song.contentType
        bytes = song.byteSize
        durationMs = song.durationMs
        bpm = song.bpm
        confidence = song.confidence
        alternatives = song.alternatives
        bpmOverride = song.bpmOverride
        effectiveBpm = song.effectiveBPM
        analysis = song.analysis.rawValue
        progress = song.progress
        message = song.message
        url = "/api/v1/tempo/songs/\(song.id.uuidString.lowercased())/file"
    }
}
