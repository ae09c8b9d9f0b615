import AudioAnalysis
import CadenceCore
import Foundation
import Media
import Tempo
import Logging

/// The music library (M1): keeping uploaded files in the media store, and analysing
/// each song's tempo in the background (one at a time: analysis is CPU work), never in
/// a request. Progress and results go to the database, so any instance can show them.
public struct TempoLibrary: Sendable {
    public let store: any TempoStore
    public let media: any MediaStore
    /// Where a song is copied for ffmpeg when the media store keeps no file on this machine.
    let scratch: URL
    public let clock: any WallClock
    public let logger: Logger
    public let queue = AsyncSemaphore(permits: 1)
    /// Told when the account's queue of analyses has drained (a push when it took long).
    let live: (any LiveAnnouncing)?

    /// The live event sent when the last queued analysis of an account ends.
    public static let analysisEndedEventType = "tempo.analysis.ended"

    public static let maximumFileBytes = 200 << 20
    public static let audioTypes: [String: String] = [
        "wav": "audio/wav", "flac": "audio/flac", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac",
    ]

    public init(store: any TempoStore, media: any MediaStore, scratch: URL, clock: any WallClock, logger: Logger,
                live: (any LiveAnnouncing)? = nil) {
        self.live = live
        self.store = store
        self.media = media
        self.scratch = scratch
        self.clock = clock
        self.logger = logger
    }

    /// `tempo/<song>.<ext>` of the account (in a data directory: `<data>/tempo/<account>/<song>.<ext>`).
    public func key(of song: SongRecord, accountID: UUID) -> MediaKey {
        let ext = (song.filename as NSString).pathExtension.lowercased()
        return MediaKey(ownerID: accountID, area: "tempo", file: "\(song.id.uuidString.lowercased()).\(Self.audioTypes[ext] == nil ? "bin" : ext)")
    }

    /// Adds a file to the library (the caller queues or runs its analysis). The type comes from the name's
    /// extension, checked against the first bytes where a format has a signature. The file is moved into the media
    /// store, or copied when the caller keeps it (`cadence import music`).
    public func add(fileAt source: URL, filename rawName: String, keepingOriginal: Bool = false, accountID: UUID) async throws -> SongRecord {
        let filename = (rawName as NSString).lastPathComponent.trimmingCharacters(in: .whitespacesAndNewlines)
        let ext = (filename as NSString).pathExtension.lowercased()
        guard !filename.isEmpty, filename.count <= 255 else { throw ValidationError(field: "filename", "Give the file's name (at most 255 characters).", key: "tempo.music.error.filename") }
        guard let contentType = Self.audioTypes[ext] else {
            throw ValidationError(field: "file", "\(filename) is not a WAV, FLAC, OGG, MP3 or M4A file.", key: "tempo.music.error.file_type", ["filename": filename])
        }
        let handle = try FileHandle(forReadingFrom: source)
        defer { try? handle.close() }
        let head = try handle.read(upToCount: 12) ?? Data()
        guard !head.isEmpty else { throw ValidationError(field: "file", "\(filename) is empty.", key: "tempo.music.error.file_empty", ["filename": filename]) }
        guard Self.signatureMatches(head, ext: ext) else {
            throw ValidationError(field: "file", "\(filename) does not look like a .\(ext) file inside; it may be damaged or misnamed.",
                                  key: "tempo.music.error.file_signature", ["filename": filename, "ext": ext])
        }
        let byteSize = (try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber)?.int64Value ?? 0
        guard byteSize <= Int64(Self.maximumFileBytes) else {
            throw ValidationError(field: "file", "\(filename) is larger than \(Self.maximumFileBytes >> 20) MB.",
                                  key: "tempo.music.error.file_too_large", ["filename": filename, "max": String(Self.maximumFileBytes >> 20)])
        }
        let title = (filename as NSString).deletingPathExtension
        var song = SongRecord(title: String(title.prefix(200)), filename: filename, contentType: contentType, byteSize: byteSize, sha256: "")
        let key = key(of: song, accountID: accountID)
        // The store reads the file once, hashing it on the way: its size and checksum are the song's.
        let stored = try await media.put(file: source, as: key, consuming: !keepingOriginal)
        song.byteSize = stored.byteSize
        song.sha256 = stored.sha256
        do {
            try await store.saveSong(song, accountID: accountID, at: clock.now())
        } catch {
            try? await media.remove([key])
            throw error
        }
        return song
    }

    /// Several files at once: each is stored and queued for analysis, or, when one is refused, none is kept.
    public func add(_ files: [(name: String, url: URL)], accountID: UUID) async throws -> [SongRecord] {
        guard !files.isEmpty else { throw ValidationError(field: "file", "Send at least one file (a part named \"file\").", key: "tempo.music.error.no_files") }
        var added: [SongRecord] = []
        for file in files {
            do {
                added.append(try await add(fileAt: file.url, filename: file.name, accountID: accountID))
            } catch {
                for song in added { _ = try? await delete(id: song.id, accountID: accountID) }
                throw error
            }
        }
        for song in added { analyseLater(song.id, accountID: accountID) }
        return added
    }

    /// Cadence's own demo songs (`DemoSong`) in the library, made and analysed like uploads; the ones already there
    /// are not made twice.
    public func addDemoSongs(accountID: UUID) async throws -> [SongRecord] {
        let present = Set(try await store.songs(accountID: accountID).map(\.filename))
        let folder = scratch.appendingPathComponent("demo-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [(name: String, url: URL)] = []
        for bpm in DemoSong.tempi where !present.contains(DemoSong.filename(bpm: bpm)) {
            let url = folder.appendingPathComponent("\(bpm).wav")
            try DemoSong.wav(bpm: bpm).write(to: url)
            files.append((DemoSong.filename(bpm: bpm), url))
        }
        return files.isEmpty ? [] : try await add(files, accountID: accountID)
    }

    public enum SongOrder: String, Sendable {
        case added, bpm, title
    }

    /// The library, optionally within a tempo range (the person's tempo wins over the analysis), in the order asked.
    public func songs(accountID: UUID, minBPM: Double? = nil, maxBPM: Double? = nil, order: SongOrder = .added) async throws -> [SongRecord] {
        var songs = try await store.songs(accountID: accountID)
        if let minBPM { songs = songs.filter { ($0.effectiveBPM ?? -1) >= minBPM } }
        if let maxBPM { songs = songs.filter { ($0.effectiveBPM ?? .infinity) <= maxBPM } }
        switch order {
        case .added: break
        case .bpm: songs.sort { ($0.effectiveBPM ?? .infinity, $0.title) < ($1.effectiveBPM ?? .infinity, $1.title) }
        case .title: songs.sort { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        }
        return songs
    }

    public func song(_ id: UUID, accountID: UUID) async throws -> SongRecord {
        guard let song = try await store.song(id: id, accountID: accountID) else { throw NotFound("song") }
        return song
    }

    /// The song's beats; none before its analysis or when it found no steady beat.
    public func beats(_ id: UUID, accountID: UUID) async throws -> SongBeats {
        _ = try await song(id, accountID: accountID)
        return try await store.beats(songID: id, accountID: accountID) ?? SongBeats(timesMs: [], beatsPerBar: 4, downbeat: nil)
    }

    /// A change the person makes to a song: nil leaves a field as it is; `bpmOverride` `.some(nil)` clears it.
    public struct SongChange: Sendable {
        public var title: String?
        public var artist: String?
        public var bpmOverride: Double??

        public init(title: String? = nil, artist: String? = nil, bpmOverride: Double?? = nil) {
            self.title = title
            self.artist = artist
            self.bpmOverride = bpmOverride
        }
    }

    public func update(_ id: UUID, with change: SongChange, accountID: UUID) async throws -> SongRecord {
        var song = try await song(id, accountID: accountID)
        if let title = change.title {
            song.title = try Song.checkTitle(title)
        }
        if let artist = change.artist { song.artist = artist.isEmpty ? nil : String(artist.prefix(200)) }
        if let override = change.bpmOverride {
            if let bpm = override, !Song.bpmRange.contains(bpm) {
                throw ValidationError(field: "bpmOverride", "A tempo is from \(Int(Song.bpmRange.lowerBound)) to \(Int(Song.bpmRange.upperBound)) BPM.",
                                      key: "tempo.music.error.bpm_override",
                                      ["min": String(Int(Song.bpmRange.lowerBound)), "max": String(Int(Song.bpmRange.upperBound))])
            }
            song.bpmOverride = override
        }
        try await store.saveSong(song, accountID: accountID, at: clock.now())
        return song
    }

    public func delete(id: UUID, accountID: UUID) async throws -> Bool {
        guard let song = try await store.deleteSong(id: id, accountID: accountID) else { return false }
        try? await media.remove([key(of: song, accountID: accountID)])
        return true
    }

    public func analyseLater(_ id: UUID, accountID: UUID) {
        let queued = clock.now()
        Task { [self] in
            do {
                try await queue.acquire()
                defer { queue.release() }
                try await analyse(id, accountID: accountID)
                try await announceIfDrained(accountID: accountID, since: queued)
            } catch {
                logger.warning("song analysis failed", metadata: ["song": "\(id)", "error": "\(error)"])
            }
        }
    }

    /// When nothing of the account's is waiting any more, says so with how long this song waited and took: an
    /// upload of a whole album ends with one event (and a push when it took long), not one per song.
    private func announceIfDrained(accountID: UUID, since queued: Date) async throws {
        guard let live else { return }
        let songs = try await store.songs(accountID: accountID)
        guard !songs.contains(where: { $0.analysis == .pending || $0.analysis == .running }) else { return }
        try await live.announce(Self.analysisEndedEventType, data: LiveJSON.object([
            "seconds": clock.now().timeIntervalSince(queued).rounded(),
            "analysed": songs.filter { $0.analysis == .done }.count, "failed": songs.filter { $0.analysis == .failed }.count,
        ]), to: accountID)
    }

    /// Decodes (WAV natively, the rest through ffmpeg), reads tags, estimates the tempo, beats and key, and measures
    /// the loudness (EBU R128 with ffmpeg's `ebur128`, when ffmpeg is there: what the mixes level the songs by).
    public func analyse(_ id: UUID, accountID: UUID) async throws {
        guard var song = try await store.song(id: id, accountID: accountID) else { return }
        let fileTitle = song.title
        song.analysis = .running
        song.progress = 0.05
        try await store.saveAnalysis(of: song, fileTitle: fileTitle, accountID: accountID, at: clock.now())
        do {
            let ffmpeg = FFmpegDecoder()
            let (audio, tags, loudness) = try await media.withLocalFile(key(of: song, accountID: accountID), in: scratch) { url in
                let audio = try await AudioFileDecoder.decode(fileURL: url, ffmpeg: ffmpeg)
                let tags = ffmpeg.ffprobePath == nil ? nil : try? await ffmpeg.tags(fileURL: url)
                return (audio, tags, try? await MixRenderer()?.loudness(of: url))
            }
            if let loudness { try await store.saveLoudness(loudness, songID: song.id, accountID: accountID) }
            if let tags {
                if let title = tags.title, !title.isEmpty { song.title = String(title.prefix(200)) }
                if let artist = tags.artist, !artist.isEmpty { song.artist = String(artist.prefix(200)) }
            }
            song.durationMs = Int64(Double(audio.samples.count) / Double(audio.sampleRate) * 1000)
            song.progress = 0.4
            try await store.saveAnalysis(of: song, fileTitle: fileTitle, accountID: accountID, at: clock.now())
            let rhythm = TempoEstimator().analyse(audio)
            let estimate = rhythm.tempo
            try await store.saveBeats(Self.songBeats(rhythm.beats), songID: song.id, accountID: accountID)
            song.bpm = estimate.bpm > 0 ? (estimate.bpm * 10).rounded() / 10 : nil
            song.confidence = estimate.confidence
            song.alternatives = estimate.alternatives.map { ($0 * 10).rounded() / 10 }
            song.key = KeyEstimator().estimate(audio)
            song.analysis = .done
            song.progress = 1
            song.message = estimate.bpm > 0 ? nil : "No steady beat was found; set the tempo yourself."
            song.messageNote = estimate.bpm > 0 ? nil : Note("tempo.music.library.no_beat")
        } catch {
            song.analysis = .failed
            song.message = (error as? AudioDecodeError)?.message ?? "The song could not be analysed: \(error)"
            song.messageNote = Note("tempo.music.song.failed.\((error as? AudioDecodeError)?.kind.rawValue ?? "other")")
        }
        try await store.saveAnalysis(of: song, fileTitle: fileTitle, accountID: accountID, at: clock.now())
    }

    static func songBeats(_ track: BeatTrack) -> SongBeats? {
        guard !track.times.isEmpty else { return nil }
        return SongBeats(timesMs: track.times.map { Int64(($0 * 1000).rounded()) }, beatsPerBar: track.beatsPerBar,
                         downbeat: track.downbeat)
    }

    public static func signatureMatches(_ data: Data, ext: String) -> Bool {
        let head = [UInt8](data.prefix(12))
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        switch ext {
        case "wav": return starts("RIFF") && head.count >= 12 && String(decoding: head[8..<12], as: UTF8.self) == "WAVE"
        case "flac": return starts("fLaC")
        case "ogg", "oga", "opus": return starts("OggS")
        case "m4a": return head.count >= 8 && String(decoding: head[4..<8], as: UTF8.self) == "ftyp"
        case "mp3": return starts("ID3") || (head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0)
        default: return true
        }
    }
}
