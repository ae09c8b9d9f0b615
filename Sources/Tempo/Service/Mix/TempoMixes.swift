import CadenceCore
import Foundation
import Logging
import Media
import Synchronization
import Tempo

/// Rendered mixes of playlists (PRODUCT M6): one file per playlist that plays the whole workout, songs stretched to
/// their tempi and crossfaded on the beat. Rendering runs in the background, one mix at a time (it is CPU work:
/// Rubber Band and two encoders), with its progress in the database. A playlist edited after its mix was rendered
/// keeps the old files (still playable) until the new ones are ready; the edit queues the new render.
public struct TempoMixes: Sendable {
    let store: any TempoStore
    let plans: TempoPlans
    public let library: TempoLibrary
    let renderer: MixRenderer?
    let scratch: URL
    let clock: any WallClock
    let logger: Logger
    let queue = AsyncSemaphore(permits: 1)
    /// Playlists this process has queued or is rendering. A record that says `queued` or `rendering` without being
    /// here was left by a stopped server (or another instance): `resumeUnfinished` at start, or asking again, renders it.
    let working = Working()

    final class Working: Sendable {
        let ids = Mutex(Set<UUID>())
        func insert(_ id: UUID) -> Bool { ids.withLock { $0.insert(id).inserted } }
        func remove(_ id: UUID) { _ = ids.withLock { $0.remove(id) } }
        func contains(_ id: UUID) -> Bool { ids.withLock { $0.contains(id) } }
    }

    /// Bumped when the way mixes are made changes, so old mixes count as stale.
    static let renderVersion = "2"

    public init(plans: TempoPlans, library: TempoLibrary, renderer: MixRenderer? = MixRenderer()) {
        self.store = library.store; self.plans = plans; self.library = library; self.renderer = renderer
        self.scratch = library.scratch; self.clock = library.clock; self.logger = library.logger
    }

    public func key(playlistID: UUID, accountID: UUID, format: MixRenderer.Format) -> MediaKey {
        MediaKey(ownerID: accountID, area: "tempo-mixes", file: "\(playlistID.uuidString.lowercased()).\(format.rawValue)")
    }

    /// The mix's record as stored (the account's own), without comparing it to the playlist: what serving its files
    /// needs, on every range request of a playing mix.
    public func stored(playlistID: UUID, accountID: UUID) async throws -> MixRecord? {
        try await store.mix(playlistID: playlistID, accountID: accountID)
    }

    /// The mix as it stands, with `fingerprint` brought up to date (so a stale one shows), or nil before any request.
    public func status(playlistID: UUID, accountID: UUID) async throws -> MixRecord? {
        let planned = try await plans.playlist(playlistID, accountID: accountID)
        guard var mix = try await store.mix(playlistID: playlistID, accountID: accountID) else { return nil }
        mix.fingerprint = try await fingerprint(planned, accountID: accountID)
        return mix
    }

    /// Asks for the mix: queued unless current files exist or a render of this version is under way.
    public func request(playlistID: UUID, accountID: UUID) async throws -> MixRecord {
        guard renderer != nil else {
            throw ValidationError(field: "mix", "Mixes need ffmpeg on the server (Debian package ffmpeg), and it is not installed.",
                                  key: "tempo.music.error.mix_no_ffmpeg")
        }
        let planned = try await plans.playlist(playlistID, accountID: accountID)
        guard !planned.playlist.entries.isEmpty else { throw ValidationError(field: "playlist", "The playlist has no songs to mix.", key: "tempo.music.error.mix_empty") }
        let wanted = try await fingerprint(planned, accountID: accountID)
        let existing = try await store.mix(playlistID: playlistID, accountID: accountID)
        if let existing {
            let underWay = (existing.state == .queued || existing.state == .rendering) && existing.fingerprint == wanted
                && working.contains(playlistID)
            if existing.isCurrent && existing.fingerprint == wanted || underWay { return existing }
        }
        var mix = existing ?? MixRecord(playlistID: playlistID, fingerprint: wanted)
        mix.fingerprint = wanted
        mix.state = .queued
        mix.progress = 0
        mix.message = nil
        try await store.saveMix(mix, accountID: accountID, at: clock.now())
        renderLater(playlistID: playlistID, accountID: accountID)
        return mix
    }

    /// Queues again the mixes a stopped server left queued or rendering (untouched since `updatedBefore`).
    public func resumeUnfinished(updatedBefore cutoff: Date) async throws {
        for (accountID, playlistID) in try await store.unfinishedMixes(updatedBefore: cutoff) {
            guard var mix = try await store.mix(playlistID: playlistID, accountID: accountID) else { continue }
            mix.state = .queued
            mix.progress = 0
            try await store.saveMix(mix, accountID: accountID, at: clock.now())
            renderLater(playlistID: playlistID, accountID: accountID)
        }
    }

    /// After an edit: a playlist that has a mix gets it rendered again.
    public func playlistChanged(_ playlistID: UUID, accountID: UUID) async {
        guard (try? await store.mix(playlistID: playlistID, accountID: accountID)) != nil else { return }
        _ = try? await request(playlistID: playlistID, accountID: accountID)
    }

    /// The files go with the playlist (the row goes by cascade).
    public func playlistDeleted(_ playlistID: UUID, accountID: UUID) async {
        try? await library.media.remove(MixRenderer.Format.allCases.map { key(playlistID: playlistID, accountID: accountID, format: $0) })
    }

    func renderLater(playlistID: UUID, accountID: UUID) {
        guard working.insert(playlistID) else { return }  // already waiting: it reads the newest playlist when it runs
        Task { [self] in
            defer { working.remove(playlistID) }
            try? await queue.acquire()
            defer { queue.release() }
            await render(playlistID: playlistID, accountID: accountID)
        }
    }

    /// Renders until the files follow the playlist as it is (an edit during a render makes another round).
    func render(playlistID: UUID, accountID: UUID) async {
        for _ in 0..<3 {
            do {
                guard var mix = try await store.mix(playlistID: playlistID, accountID: accountID), mix.state == .queued else { return }
                let planned = try await plans.playlist(playlistID, accountID: accountID)
                let wanted = try await fingerprint(planned, accountID: accountID)
                mix.fingerprint = wanted
                mix.state = .rendering
                try await store.saveMix(mix, accountID: accountID, at: clock.now())
                do {
                    mix = try await renderFiles(planned, mix: mix, accountID: accountID)
                } catch {
                    mix.state = .failed
                    mix.message = "The mix could not be made: \((error as? MixRenderError)?.description ?? "\(error)")"
                    mix.messageNote = Note("tempo.music.mix.failed_because.\((error as? MixRenderError)?.reason.rawValue ?? "other")")
                    logger.warning("mix failed", metadata: ["playlist": "\(playlistID)", "error": "\(error)"])
                }
                // An edit while rendering asked for another round: render again.
                let now = try await fingerprint(try await plans.playlist(playlistID, accountID: accountID), accountID: accountID)
                if mix.state == .done && now != wanted {
                    mix.fingerprint = now
                    mix.state = .queued
                    mix.progress = 0
                }
                try await store.saveMix(mix, accountID: accountID, at: clock.now())
                if mix.state != .queued { return }
            } catch {
                logger.warning("mix could not be rendered", metadata: ["playlist": "\(playlistID)", "error": "\(error)"])
                return
            }
        }
    }

    private func renderFiles(_ planned: TempoPlans.PlannedPlaylist, mix: MixRecord, accountID: UUID) async throws -> MixRecord {
        guard let renderer else { throw MixRenderError(.toolMissing, "ffmpeg is not installed.") }
        var mix = mix
        var records: [UUID: SongRecord] = [:], mixSongs: [UUID: MixSong] = [:]
        for id in Set(planned.playlist.entries.map(\.song.id)) {
            guard let record = try await store.song(id: id, accountID: accountID) else { continue }
            let beats = try await store.beats(songID: id, accountID: accountID)
            let seconds = { (ms: [Int64]) in ms.map { Double($0) / 1000 } }
            records[id] = record
            mixSongs[id] = MixSong(durationSeconds: Double(record.durationMs ?? 0) / 1000, beats: seconds(beats?.timesMs ?? []))
        }
        let plan = MixPlanner.plan(planned.playlist, songs: mixSongs.filter { $0.value.durationSeconds > 1 },
                                   timeline: PlanTimeline(plan: planned.plan))
        let keys = plan.parts.map { library.key(of: records[$0.songID]!, accountID: accountID) }
        let playlistID = mix.playlistID
        let progress = { @Sendable (value: Double) in
            Task { [store, clock] in
                try? await store.saveMixProgress((value * 100).rounded() / 100, playlistID: playlistID, accountID: accountID, at: clock.now())
            }
        }
        let folder = scratch.appendingPathComponent("mix-\(UUID().uuidString.lowercased())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = try await library.media.withLocalFiles(keys, in: scratch) { files in
            // Loudness once per song, kept for later mixes and the library.
            var loudness: [UUID: Double] = [:]
            for (part, file) in zip(plan.parts, files) where loudness[part.songID] == nil {
                if let known = records[part.songID]?.loudness {
                    loudness[part.songID] = known
                } else if let measured = try await renderer.loudness(of: file) {
                    loudness[part.songID] = measured
                    try await store.saveLoudness(measured, songID: part.songID, accountID: accountID)
                }
            }
            progress(0.05)
            return try await renderer.render(plan, files: files, loudness: loudness, into: folder) { progress(0.05 + 0.9 * $0) }
        }
        for (format, file) in outputs {
            let info = try await library.media.put(file: file, as: key(playlistID: mix.playlistID, accountID: accountID, format: format), consuming: true)
            mix.bytes[format] = info.byteSize
        }
        mix.layout = plan.parts.map { part in
            let entry = planned.playlist.entries[part.entry]
            return MixLayoutPart(songId: part.songID, title: entry.song.title, mixStart: part.mixStart, mixEnd: part.mixEnd,
                                 sourceStart: part.sourceStart,
                                 playedBPM: entry.songBPM * entry.beat.cadencePerBeat * part.rate, songBPM: entry.songBPM,
                                 beat: entry.beat, rate: part.rate, alignedAt: part.alignedAt, tempoMatched: part.tempoMatched,
                                 tempo: part.tempo.map { MixTempoPoint(at: part.mixTime($0.source), source: $0.source, rate: $0.rate) })
        }
        mix.durationMs = Int64((plan.duration * 1000).rounded())
        mix.renderedFingerprint = mix.fingerprint
        mix.state = .done
        mix.progress = 1
        mix.message = nil
        return mix
    }

    /// SHA-256 of the playlist's entries, the songs' contents and beats, and the render version.
    func fingerprint(_ planned: TempoPlans.PlannedPlaylist, accountID: UUID) async throws -> String {
        // Sorted keys: Foundation's encoder on Linux writes an object's keys in no fixed order.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var pieces = [Data(Self.renderVersion.utf8), try encoder.encode(planned.playlist.entries)]
        for id in planned.playlist.entries.map(\.song.id) {
            let record = try await store.song(id: id, accountID: accountID)
            pieces.append(Data((record?.sha256 ?? "gone").utf8))
            let beats = try await store.beats(songID: id, accountID: accountID)
            pieces.append(Data("\(beats?.timesMs.count ?? 0)/\(beats?.downbeat ?? -1)".utf8))
        }
        var next = pieces.makeIterator()
        return SHA256Hex.digest { next.next() }
    }
}
