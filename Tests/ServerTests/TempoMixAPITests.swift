import AudioAnalysis
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TestSupport

/// `/api/v1/tempo/playlists/{id}/mix` (M6): two songs at different tempi become one file that carries the playlist's
/// tempo in each part, with the beat unbroken through the crossfade; Range reads, a stale mix after an edit, errors.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(FFmpegDecoder.discover("ffmpeg") != nil), "mixes need ffmpeg")) struct TempoMixAPITests {
    @Test func aPlaylistBecomesOneBeatMatchedFile() async throws {
        try await withTestServer { server in try await withDeadline(240) {
            let client = server.client
            let token = try await client.register(email: uniqueEmail("mix"))
            var songIDs: [String] = []
            for (name, bpm) in [("first", 118.0), ("second", 128.0)] {
                let upload = try await client.tempoUploadRaw(TempoFixtures.clickTrack(bpm: bpm, seconds: 40), filename: "\(name).wav", token: token)
                let id = try #require(upload.array.first?["id"] as? String)
                #expect(try await client.tempoAnalysed(id, token: token)["analysis"] as? String == "done")
                songIDs.append(id)
            }
            let plan = #"{"name": "Mix", "activity": "running", "steps": [{"interval": {"length": {"seconds": 70}, "target": {"cadence": 123}}}]}"#
            let planID = try #require((try await client.json(.post, "/api/v1/tempo/plans", body: plan, token: token).object["plan"] as? [String: Any])?["id"] as? String)
            let playlist = try await client.json(.post, "/api/v1/tempo/plans/\(planID)/playlists", token: token)
            let playlistID = try #require(playlist.object["id"] as? String)
            let entries = try #require((playlist.object["playlist"] as? [String: Any])?["entries"] as? [[String: Any]])
            #expect(entries.count == 2, "\(playlist.text)")

            #expect(try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix", token: token).object["state"] as? String == "none")
            #expect(try await client.json(.get, "/api/v1/tempo/playlists/\(UUID())/mix", token: token).status == .notFound)
            let asked = try await client.json(.post, "/api/v1/tempo/playlists/\(playlistID)/mix", token: token)
            #expect(asked.status == .accepted, "\(asked.text)")
            let mix = try await Self.rendered(playlistID, client: client, token: token)
            #expect(mix["stale"] as? Bool == false)
            let duration = try #require(mix["durationSeconds"] as? Double)
            let parts = try #require(mix["parts"] as? [[String: Any]])
            #expect(parts.count == 2)
            let alignedAt = try #require(parts[1]["alignedAt"] as? Double)
            // Asking again for a current mix answers it at once.
            #expect(try await client.json(.post, "/api/v1/tempo/playlists/\(playlistID)/mix", token: token).status == .ok)

            // Both files come back, whole and in ranges.
            let m4a = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix.m4a", token: token)
            #expect(m4a.status == .ok && m4a.headers[.contentType] == "audio/mp4")
            let head = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix.webm", token: token, headers: [.range: "bytes=0-3"])
            #expect(head.status == .partialContent && Array(Data(buffer: head.body)) == [0x1A, 0x45, 0xDF, 0xA3], "a WebM (EBML) file")

            // What the file holds: each part at its played tempo (within 1 %), one beat grid through the crossfade.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("mix-\(UUID().uuidString).m4a")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(buffer: m4a.body).write(to: file)
            let audio = try await FFmpegDecoder().decode(fileURL: file)
            #expect(abs(audio.duration - duration) < 0.2, "\(audio.duration) s for \(duration) s")
            for (index, part) in parts.enumerated() {
                let start = (part["mixStart"] as? Double ?? 0) + (index == 0 ? 1 : 4), end = (part["mixEnd"] as? Double ?? 0) - 4
                let window = Self.slice(audio, from: start, to: min(end, start + 20))
                let heard = TempoEstimator().estimate(window).bpm
                let played = try #require(part["playedBPM"] as? Double)
                #expect(abs(heard / played - 1) < 0.01, "part \(index): heard \(heard) BPM, played \(played)")
            }
            let around = Self.slice(audio, from: alignedAt - 8, to: alignedAt + 8)
            let beats = TempoEstimator().analyse(around).beats.times
            let gaps = zip(beats.dropFirst(), beats).map { $0 - $1 }
            #expect(gaps.count >= 10)
            // No doubled or missing beat: every gap within 8 % of the median (the two tempi differ by about 2 %).
            let median = gaps.sorted()[gaps.count / 2]
            #expect(gaps.allSatisfy { abs($0 / median - 1) < 0.08 }, "beat gaps through the crossfade: \(gaps)")

            // An edit makes the mix stale; the old files still play until the new ones are there.
            let edits = "/api/v1/tempo/playlists/\(playlistID)/edits"
            #expect(try await client.json(.post, edits, body: #"{"op": "move", "index": 1, "to": 0}"#, token: token).status == .ok)
            let after = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix", token: token).object
            #expect(after["stale"] as? Bool == true || after["state"] as? String == "done", "\(after)")
            #expect(try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix.m4a", token: token, headers: [.range: "bytes=0-0"]).status == .partialContent)
            let again = try await Self.rendered(playlistID, client: client, token: token)
            let movedFirst = ((parts[1]["songId"] as? String)?.lowercased())
            #expect(((again["parts"] as? [[String: Any]])?.first?["songId"] as? String)?.lowercased() == movedFirst)
            #expect(Set(songIDs.map { $0.lowercased() }) == Set(parts.compactMap { ($0["songId"] as? String)?.lowercased() }))

            // Another account sees none of it; a deleted playlist takes its mix along.
            let other = try await client.register(email: uniqueEmail("mix-other"))
            #expect(try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix.m4a", token: other).status == .notFound)
            #expect(try await client.json(.post, "/api/v1/tempo/playlists/\(playlistID)/mix", token: other).status == .notFound)
            #expect(try await client.json(.delete, "/api/v1/tempo/playlists/\(playlistID)", token: token).status == .noContent)
            #expect(try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix.m4a", token: token).status == .notFound)
        } }
    }

    /// Polls until the mix is rendered and current.
    static func rendered(_ playlistID: String, client: some TestClientProtocol, token: String) async throws -> [String: Any] {
        var mix: [String: Any] = [:]
        for _ in 0..<150 {
            mix = try await client.json(.get, "/api/v1/tempo/playlists/\(playlistID)/mix", token: token).object
            if mix["state"] as? String == "failed" { Issue.record("the mix failed: \(mix)"); return mix }
            if mix["state"] as? String == "done", mix["stale"] as? Bool == false { return mix }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("the mix was not rendered in time: \(mix)")
        return [:]
    }

    static func slice(_ audio: AudioBuffer, from: Double, to: Double) -> AudioBuffer {
        let rate = Double(audio.sampleRate)
        let a = max(0, Int(from * rate)), b = min(audio.samples.count, Int(to * rate))
        return AudioBuffer(samples: Array(audio.samples[a..<max(a, b)]), sampleRate: audio.sampleRate)
    }
}
