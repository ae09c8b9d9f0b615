import AudioAnalysis
import Crypto
import Foundation
import Media
import Hummingbird
import HummingbirdTesting
import Storage
import TempoService
import TempoStorage
import Testing
import TestSupport

/// A song whose analysis a stopped server left unfinished is analysed when a server starts again.
@Suite(.timeLimit(.minutes(5))) struct TempoRestartTests {
    @Test func aSongLeftRunningIsAnalysedAfterARestart() async throws {
        // A database of its own: on PostgreSQL every other test's live server is another instance whose resumer
        // would rightly take up this song too, without the file, which only this test's data folder holds.
        try await withRestartableServer(privateDatabase: true) { start in
            let email = uniqueEmail("restart")
            let (token, account) = try await Self.box { store in
                try await start(false) { server in
                    let token = try await server.client.register(email: email)
                    store((token, try await server.client.accountID(token: token)))
                }
            }
            // What the stopped server left: the file in place, the song marked running (and one pending).
            let audio = TempoFixtures.clickTrack(bpm: 120, seconds: 8)
            let running = SongRecord(title: "left running", filename: "left.wav", contentType: "audio/wav", byteSize: Int64(audio.count),
                                     sha256: SHA256.hash(data: audio).map { String(format: "%02x", $0) }.joined(),
                                     analysis: .running, progress: 0.05)
            let pending = SongRecord(title: "never started", filename: "queued.wav", contentType: "audio/wav", byteSize: Int64(audio.count),
                                     sha256: running.sha256)
            try await start(false) { server in
                for song in [running, pending] {
                    try await server.media.put(data: audio, as: MediaKey(ownerID: account, area: "tempo", file: "\(song.id.uuidString.lowercased()).wav"))
                    // Last touched long ago, as a song a stopped server left behind.
                    try await SQLTempoStore(database: server.database).saveSong(song, accountID: account, at: Date(timeIntervalSince1970: 1_700_000_000))
                }
                // A server that is not running its services leaves them alone.
                let shown = try await server.client.json(.get, "/api/v1/tempo/songs/\(running.id)", token: token)
                #expect(shown.object["analysis"] as? String == "running")
            }
            try await start(true) { server in
                for song in [running, pending] {
                    let analysed = try await server.client.tempoAnalysed(song.id.uuidString, token: token, seconds: 60)
                    #expect(analysed["analysis"] as? String == "done", "\(analysed)")
                    #expect(abs((analysed["bpm"] as? Double ?? 0) - 120) <= 3.6, "\(analysed)")
                }
            }
        }
    }

    /// Two instances resuming at once: the first to claim a song left behind analyses it, the second leaves it.
    @Test func anUnfinishedSongIsClaimedOnce() async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail("claim"))
            let account = try await server.client.accountID(token: token)
            let store = SQLTempoStore(database: server.database)
            let left = SongRecord(title: "left", filename: "left.wav", contentType: "audio/wav", byteSize: 4, sha256: "00", analysis: .running)
            let longAgo = Date(timeIntervalSince1970: 1_700_000_000), now = Date(timeIntervalSince1970: 1_800_000_000)
            try await store.saveSong(left, accountID: account, at: longAgo)
            let cutoff = now.addingTimeInterval(-600)
            #expect(try await store.claimUnfinishedSong(left.id, accountID: account, updatedBefore: cutoff, at: now))
            #expect(try await !store.claimUnfinishedSong(left.id, accountID: account, updatedBefore: cutoff, at: now))
            // Nor can another account's id claim it.
            #expect(try await !store.claimUnfinishedSong(left.id, accountID: UUID(), updatedBefore: now.addingTimeInterval(1), at: now))
        }
    }

    /// A mix a stopped server left rendering is rendered when a server starts again, without being asked twice.
    @Test(.enabled(if: RequiredTools.runs(FFmpegDecoder.discover("ffmpeg") != nil), "mixes need ffmpeg"))
    func aMixLeftRenderingIsRenderedAfterARestart() async throws {
        try await withRestartableServer(privateDatabase: true) { start in
            let (token, playlistID) = try await Self.box { store in
                try await start(false) { server in
                    let client = server.client
                    let token = try await client.register(email: uniqueEmail("mix-restart"))
                    let upload = try await client.tempoUploadRaw(TempoFixtures.clickTrack(bpm: 120, seconds: 30), filename: "one.wav", token: token)
                    let song = try #require(upload.array.first?["id"] as? String)
                    #expect(try await client.tempoAnalysed(song, token: token)["analysis"] as? String == "done")
                    let plan = #"{"name": "Short", "activity": "running", "steps": [{"interval": {"length": {"seconds": 25}, "target": {"cadence": 120}}}]}"#
                    let planID = try #require((try await client.json(.post, "/api/v1/tempo/plans", body: plan, token: token).object["plan"] as? [String: Any])?["id"] as? String)
                    let playlistID = try #require(try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token).object["id"] as? String)
                    // What a server stopped mid-render leaves: the record says rendering, no files.
                    let account = try await client.accountID(token: token)
                    try await SQLTempoStore(database: server.database).saveMix(
                        MixRecord(playlistID: try #require(UUID(uuidString: playlistID)), fingerprint: "left behind", state: .rendering, progress: 0.4),
                        accountID: account, at: Date(timeIntervalSince1970: 1_700_000_000))
                    store((token, playlistID))
                }
            }
            try await start(true) { server in
                let mix = try await TempoMixAPITests.rendered(playlistID, client: server.client, token: token)
                #expect(mix["state"] as? String == "done" && (mix["parts"] as? [[String: Any]])?.count == 1, "\(mix)")
                let file = try await server.client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix.m4a", token: token, headers: [.range: "bytes=0-0"])
                #expect(file.status == .partialContent)
            }
        }
    }

    /// Runs `body` with a setter and returns what it stored (values out of @Sendable closures).
    static func box<T: Sendable>(_ body: (@escaping @Sendable (T) -> Void) async throws -> Void) async throws -> T {
        let slot = Slot<T>()
        try await body { slot.set($0) }
        guard let value = slot.get() else { throw TestFailure("nothing was stored") }
        return value
    }
}

final class Slot<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}
