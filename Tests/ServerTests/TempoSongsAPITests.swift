import AudioAnalysis
import CadenceCore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import TempoService
import TempoStorage
import Web
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `/api/v1/tempo/songs`: the music library — uploads, background tempo analysis, overrides, files.
@Suite(.timeLimit(.minutes(5))) struct TempoSongsAPITests {
    static let click120 = TempoFixtures.clickTrack(bpm: 120, seconds: 8)

    @Test func anUploadedClickTrackIsAnalysedAt120BPM() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let upload = try await client.tempoUploadMultipart([("clicks.wav", Self.click120)], token: token)
            #expect(upload.status == .created, "\(upload.text)")
            let added = upload.array
            #expect(added.count == 1)
            let song = try #require(added.first)
            #expect(song["title"] as? String == "clicks")
            #expect(song["filename"] as? String == "clicks.wav")
            #expect(song["contentType"] as? String == "audio/wav")
            #expect(song["bytes"] as? Int == Self.click120.count)
            #expect(song["analysis"] as? String == "pending")
            #expect(song["bpm"] == nil && song["effectiveBpm"] == nil, "nil optionals are left out: \(song)")
            let id = try #require(song["id"] as? String)
            #expect((song["url"] as? String)?.lowercased() == "/api/v1/tempo/songs/\(id.lowercased())/file")

            let listed = try await client.json(.get, "/api/v1/tempo/songs", token: token).array
            #expect(listed.map { $0["id"] as? String } == [id])
            #expect(["pending", "running", "done"].contains(listed.first?["analysis"] as? String ?? ""))

            let analysed = try await client.tempoAnalysed(id, token: token)
            #expect(analysed["analysis"] as? String == "done", "\(analysed)")
            let bpm = try #require(analysed["bpm"] as? Double, "\(analysed)")
            #expect(abs(bpm - 120) <= 3.6, "estimated \(bpm)")
            #expect(analysed["effectiveBpm"] as? Double == bpm)
            let confidence = try #require(analysed["confidence"] as? Double)
            #expect(confidence > 0 && confidence <= 1, "\(confidence)")
            let alternatives = try #require(analysed["alternatives"] as? [Double])
            #expect(!alternatives.isEmpty)
            #expect(alternatives.contains { abs($0 - 60) <= 2 } || alternatives.contains { abs($0 - 240) <= 5 }, "\(alternatives)")
            #expect(analysed["progress"] as? Double == 1)
            #expect(abs((analysed["durationMs"] as? Int ?? 0) - 8000) <= 50, "\(analysed)")

            // The beats: one every 500 ms, on the clicks (TempoFixtures puts the first at 0).
            let beats = try await client.json(.get, "/api/v1/tempo/songs/\(id)/beats", token: token).object
            let times = try #require(beats["beats"] as? [Int], "\(beats)")
            #expect(times.count >= 12, "\(times)")
            #expect(times.allSatisfy { t in abs(Double(t) - (Double(t) / 500).rounded() * 500) <= 30 }, "\(times)")
            #expect(beats["beatsPerBar"] as? Int == 4)
            let other = try await client.register(email: uniqueEmail("tempo-other"))
            #expect(try await client.json(.get, "/api/v1/tempo/songs/\(id)/beats", token: other).status == .notFound)
        }
    }

    /// The analysis names the key: an A minor chord progression (i–iv–V–i, eight seconds) reads as A minor, 8A.
    @Test func theAnalysisFindsTheKey() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("key"))
            let rate = 22_050
            var pcm: [Int16] = []
            for chord in [[57, 60, 64], [62, 65, 69], [64, 68, 71], [57, 60, 64]] {
                for i in 0..<(2 * rate) {
                    let t = Double(i) / Double(rate)
                    let value = (chord + [chord[0] - 12]).reduce(0.0) { sum, midi in
                        let f = 440 * pow(2, Double(midi - 69) / 12)
                        return sum + sin(2 * .pi * f * t) + 0.3 * sin(4 * .pi * f * t)
                    }
                    pcm.append(Int16(max(-32_000, min(32_000, 4_000 * value * min(1, t * 20, (2 - t) * 20)))))
                }
            }
            let upload = try await client.tempoUploadRaw(TempoFixtures.wav(pcm, sampleRate: rate), filename: "minor.wav", token: token)
            let id = try #require(upload.array.first?["id"] as? String)
            let analysed = try await client.tempoAnalysed(id, token: token)
            let key = try #require(analysed["key"] as? [String: Any], "\(analysed)")
            #expect(key["name"] as? String == "A minor" && key["camelot"] as? String == "8A", "\(key)")
        }
    }

    /// The analysis measures the loudness (EBU R128): a 1 kHz tone at −20 dBFS reads about −23 LUFS (ffmpeg counts a
    /// mono file's one channel once or twice: ±3 LU), a tone ten times quieter 20 LU less.
    @Test(.enabled(if: RequiredTools.runs(FFmpegDecoder.discover("ffmpeg") != nil), "loudness needs ffmpeg"))
    func theAnalysisMeasuresTheLoudness() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("loudness"))
            var measured: [Double] = []
            for amplitude in [3_277.0, 327.7] {
                let pcm = (0..<(10 * 22_050)).map { Int16(amplitude * sin(2 * .pi * 1000 * Double($0) / 22_050)) }
                let upload = try await client.tempoUploadRaw(TempoFixtures.wav(pcm, sampleRate: 22_050), filename: "tone.wav", token: token)
                let id = try #require(upload.array.first?["id"] as? String)
                _ = try await client.tempoAnalysed(id, token: token)
                let song = try await client.json(.get, "/api/v1/tempo/songs/\(id)", token: token).object
                measured.append(try #require(song["loudness"] as? Double, "\(song)"))
            }
            #expect(abs(measured[0] + 23) <= 3.5, "\(measured)")
            #expect(abs(measured[0] - measured[1] - 20) <= 0.5, "\(measured)")
        }
    }

    @Test func aRawBodyWithAFilenameIsASongToo() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let upload = try await client.tempoUploadRaw(Self.click120, filename: "raw clicks.wav", token: token)
            #expect(upload.status == .created, "\(upload.text)")
            let id = try #require(upload.array.first?["id"] as? String)
            #expect(upload.array.first?["title"] as? String == "raw clicks")
            let analysed = try await client.tempoAnalysed(id, token: token)
            let bpm = try #require(analysed["bpm"] as? Double, "\(analysed)")
            #expect(abs(bpm - 120) <= 3.6, "estimated \(bpm)")

            // Without a name (and not multipart), the server asks for one.
            let unnamed = try await client.execute(uri: "/api/v1/tempo/songs", method: .post,
                                                   headers: [.contentType: "application/octet-stream", .authorization: "Bearer \(token)"],
                                                   body: ByteBuffer(bytes: Self.click120))
            #expect(unnamed.status == .badRequest)
            #expect(unnamed.errorField == "filename")
        }
    }

    @Test func severalFilesInOneFormAreAllAddedOrNoneIs() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let two = try await client.tempoUploadMultipart([("a.wav", Self.click120), ("b.wav", Self.click120)], token: token)
            #expect(two.status == .created)
            #expect(two.array.compactMap { $0["title"] as? String } == ["a", "b"])

            let mixed = try await client.tempoUploadMultipart([("c.wav", Self.click120), ("notes.txt", Data("hello".utf8))], token: token)
            #expect(mixed.status == .badRequest)
            #expect(mixed.errorField == "file")
            let titles = try await client.json(.get, "/api/v1/tempo/songs", token: token).array.compactMap { $0["title"] as? String }
            #expect(titles.sorted() == ["a", "b"], "the good file of a refused form is not kept")
            // Songs of one upload share their created_at, and nothing else orders them (see the report).
            #expect(titles == ["a", "b"])
            let files = try await server.storedFiles("tempo", token: token)
            #expect(files.count == 2, "\(files)")

            let noFile = try await client.execute(
                uri: "/api/v1/tempo/songs", method: .post,
                headers: [.contentType: TempoFixtures.multipart([], extraFields: [("title", "x")]).contentType, .authorization: "Bearer \(token)"],
                body: ByteBuffer(bytes: TempoFixtures.multipart([], boundary: "b0", extraFields: [("title", "x")]).body))
            #expect(noFile.status == .badRequest)
            #expect(noFile.errorField == "file")
        }
    }

    /// A part whose header name is not ASCII is refused with a 400 naming the file (multipart-kit would trap on it and
    /// stop the server); a file name in UTF-8 (a header value) is a song like any other, and the server goes on.
    @Test func aHeaderNameThatIsNotASCIIIsRefusedAndTheServerGoesOn() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let boundary = "cadence-\(UUID().uuidString)"
            var crafted = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.wav\"\r\n".utf8)
            crafted += Data("X-Ñame: 1\r\n\r\n".utf8) + Self.click120 + Data("\r\n--\(boundary)--\r\n".utf8)
            let refused = try await client.execute(uri: "/api/v1/tempo/songs", method: .post,
                                                   headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .authorization: "Bearer \(token)"],
                                                   body: ByteBuffer(bytes: crafted))
            #expect(refused.status == .badRequest && refused.errorField == "file", "\(refused.text)")
            #expect(refused.errorMessage == "A part's header name holds a character that is not ASCII.")
            let named = try await client.tempoUploadMultipart([("canción ñ.wav", Self.click120)], token: token)
            #expect(named.status == .created, "\(named.text)")
            #expect(named.array.first?["filename"] as? String == "canción ñ.wav", "\(named.text)")
        }
    }

    @Test func theFileComesBackWholeAndInRanges() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let song = try #require(try await client.tempoUploadRaw(Self.click120, filename: "clicks.wav", token: token).array.first)
            let url = try #require(song["url"] as? String)
            let whole = try await client.json(.get, url, token: token)
            #expect(whole.status == .ok)
            #expect(whole.headers[.contentType] == "audio/wav")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(Data(buffer: whole.body) == Self.click120)

            let part = try await client.json(.get, url, token: token, headers: [.range: "bytes=0-11"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 0-11/\(Self.click120.count)")
            #expect(Data(buffer: part.body) == Self.click120.prefix(12))
            let tail = try await client.json(.get, url, token: token, headers: [.range: "bytes=-4"])
            #expect(tail.status == .partialContent)
            #expect(Data(buffer: tail.body) == Self.click120.suffix(4))
            let past = try await client.json(.get, url, token: token, headers: [.range: "bytes=\(Self.click120.count)-"])
            #expect(past.status == .rangeNotSatisfiable)
        }
    }

    @Test func thePersonsTempoWinsAndStaysInRange() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let id = try #require(try await client.tempoUploadRaw(Self.click120, filename: "clicks.wav", token: token).array.first?["id"] as? String)
            _ = try await client.tempoAnalysed(id, token: token)

            let set = try await client.json(.patch, "/api/v1/tempo/songs/\(id)", body: #"{"bpmOverride": 60}"#, token: token)
            #expect(set.status == .ok, "\(set.text)")
            #expect(set.object["bpmOverride"] as? Double == 60)
            #expect(set.object["effectiveBpm"] as? Double == 60)
            #expect(abs((set.object["bpm"] as? Double ?? 0) - 120) <= 3.6, "the analysis is kept")
            #expect(try await client.json(.get, "/api/v1/tempo/songs/\(id)", token: token).object["effectiveBpm"] as? Double == 60)

            let tooFast = try await client.json(.patch, "/api/v1/tempo/songs/\(id)", body: #"{"bpmOverride": 500}"#, token: token)
            #expect(tooFast.status == .badRequest)
            #expect(tooFast.errorField == "bpmOverride")
            let notNumber = try await client.json(.patch, "/api/v1/tempo/songs/\(id)", body: #"{"bpmOverride": "fast"}"#, token: token)
            #expect(notNumber.status == .badRequest)
            #expect(notNumber.errorField == "bpmOverride")
            let emptyTitle = try await client.json(.patch, "/api/v1/tempo/songs/\(id)", body: #"{"title": "  "}"#, token: token)
            #expect(emptyTitle.status == .badRequest)
            #expect(emptyTitle.errorField == "title")

            let renamed = try await client.json(.patch, "/api/v1/tempo/songs/\(id)", body: #"{"title": "Metronome", "artist": "Clicks"}"#, token: token)
            #expect(renamed.object["title"] as? String == "Metronome")
            #expect(renamed.object["artist"] as? String == "Clicks")
            #expect(renamed.object["effectiveBpm"] as? Double == 60, "an edit without bpmOverride keeps it")

            let cleared = try await client.json(.patch, "/api/v1/tempo/songs/\(id)", body: #"{"bpmOverride": null}"#, token: token)
            #expect(cleared.status == .ok)
            #expect(cleared.object["bpmOverride"] == nil)
            #expect(abs((cleared.object["effectiveBpm"] as? Double ?? 0) - 120) <= 3.6)
        }
    }

    @Test func theLibrarySortsAndFiltersByTempo() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let account = try await client.accountID(token: token)
            try await TempoLibrarySeed.song(server.database, accountID: account, title: "Fast", bpm: 170, seconds: 200)
            try await TempoLibrarySeed.song(server.database, accountID: account, title: "Slow", bpm: 90, seconds: 200)
            try await TempoLibrarySeed.song(server.database, accountID: account, title: "Middle", bpm: 128, seconds: 200)
            try await TempoLibrarySeed.song(server.database, accountID: account, title: "Corrected", bpm: 75, seconds: 200, bpmOverride: 150)
            try await TempoLibrarySeed.song(server.database, accountID: account, title: "Unheard", bpm: 0, seconds: 200, analysis: .pending)

            func titles(_ query: String) async throws -> [String] {
                let response = try await client.json(.get, "/api/v1/tempo/songs\(query)", token: token)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return response.array.compactMap { $0["title"] as? String }
            }
            #expect(try await titles("") == ["Fast", "Slow", "Middle", "Corrected", "Unheard"])
            #expect(try await titles("?sort=bpm") == ["Slow", "Middle", "Corrected", "Fast", "Unheard"])
            #expect(try await titles("?sort=title") == ["Corrected", "Fast", "Middle", "Slow", "Unheard"])
            #expect(try await titles("?minBpm=100&maxBpm=160&sort=bpm") == ["Middle", "Corrected"])
            #expect(try await titles("?maxBpm=100") == ["Slow"])
            #expect(try await titles("?minBpm=160") == ["Fast"])

            let badSort = try await client.json(.get, "/api/v1/tempo/songs?sort=loudness", token: token)
            #expect(badSort.status == .badRequest)
            #expect(badSort.errorField == "sort")
            let badMin = try await client.json(.get, "/api/v1/tempo/songs?minBpm=fast", token: token)
            #expect(badMin.status == .badRequest)
            #expect(badMin.errorField == "minBpm")
        }
    }

    @Test func filesThatAreNoSongsAreRefusedAtOnce() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let text = Data("These are my notes, not music.\n".utf8)
            let misnamed = try await client.tempoUploadRaw(text, filename: "song.mp3", token: token)
            #expect(misnamed.status == .badRequest)
            #expect(misnamed.errorField == "file")
            #expect(misnamed.errorMessage?.contains("song.mp3") == true, "\(misnamed.text)")
            let misnamedWAV = try await client.tempoUploadMultipart([("song.wav", text)], token: token)
            #expect(misnamedWAV.status == .badRequest)
            #expect(misnamedWAV.errorField == "file")
            let notAudio = try await client.tempoUploadRaw(text, filename: "song.txt", token: token)
            #expect(notAudio.status == .badRequest)
            #expect(notAudio.errorField == "file")
            let empty = try await client.tempoUploadRaw(Data(), filename: "song.wav", token: token)
            #expect(empty.status == .badRequest)
            #expect(empty.errorField == "file")
            let brokenForm = try await client.execute(uri: "/api/v1/tempo/songs", method: .post,
                                                      headers: [.contentType: "multipart/form-data; boundary=abc", .authorization: "Bearer \(token)"],
                                                      body: ByteBuffer(string: "--abc\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.wav\"\r\n\r\nRIFF"))
            #expect(brokenForm.status == .badRequest)
            #expect(brokenForm.errorField == "file")

            #expect(try await client.json(.get, "/api/v1/tempo/songs", token: token).array.isEmpty)
            #expect(try await server.storedFiles("tempo", token: token).isEmpty)
        }
    }

    /// Over 200 MB is refused from the declared length, before the body is read (a real server: the
    /// in-process client sets Content-Length from the body it sends).
    @Test func anUploadOver200MBIsRefusedFromItsDeclaredLength() async throws {
        try await withTestServer(live: true) { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let port = try #require(client.port)
            let head = "POST /api/v1/tempo/songs?filename=huge.wav HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/octet-stream\r\nContent-Length: \(201 << 20)\r\n\r\n"
            let status = try RawHTTP.statusLine(port: port, head: head, firstBytes: Self.click120.prefix(4096))
            #expect(status.hasPrefix("HTTP/1.1 413"), "\(status)")
            let songs = try await client.json(.get, "/api/v1/tempo/songs", token: token)
            #expect(songs.array.isEmpty)
            #expect(try await server.storedFiles("tempo", token: token).isEmpty)
        }
    }

    @Test func aTruncatedWAVIsKeptButItsAnalysisFailsSayingSo() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let truncated = Self.click120.prefix(Self.click120.count / 2)
            let upload = try await client.tempoUploadRaw(Data(truncated), filename: "cut.wav", token: token)
            #expect(upload.status == .created, "\(upload.text)")
            let id = try #require(upload.array.first?["id"] as? String)
            let song = try await client.tempoAnalysed(id, token: token)
            #expect(song["analysis"] as? String == "failed")
            #expect((song["message"] as? String)?.contains("truncated") == true, "\(song)")
            #expect(song["bpm"] == nil)
            // The same reason as a note, for the library page to say in its reader's language.
            let note = try #require(song["messageNote"] as? [String: Any])
            #expect(note["key"] as? String == "tempo.music.song.failed.truncated")
            let spanish = Catalogues.bundled.messages(.spanish).say(Note("tempo.music.song.failed.truncated"))
            #expect(spanish == "El archivo está cortado o dañado: vuelve a subirlo.")
        }
    }

    @Test func aDeletedSongIsGoneWithItsFile() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let id = try #require(try await client.tempoUploadRaw(Self.click120, filename: "clicks.wav", token: token).array.first?["id"] as? String)
            _ = try await client.tempoAnalysed(id, token: token)
            #expect(try await server.storedFiles("tempo", token: token) == ["\(id.lowercased()).wav"])

            #expect(try await client.json(.delete, "/api/v1/tempo/songs/\(id)", token: token).status == .noContent)
            #expect(try await server.storedFiles("tempo", token: token).isEmpty)
            #expect(try await client.json(.get, "/api/v1/tempo/songs/\(id)", token: token).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/tempo/songs/\(id)/file", token: token).status == .notFound)
            #expect(try await client.json(.delete, "/api/v1/tempo/songs/\(id)", token: token).status == .notFound)
            #expect(try await client.json(.get, "/api/v1/tempo/songs", token: token).array.isEmpty)
        }
    }

    /// Edits and deletes made while a song is being analysed stand: the analysis writes only
    /// its own columns, and never brings a deleted song back.
    @Test func changesMadeWhileASongIsAnalysedAreKept() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("tempo"))
            let long = TempoFixtures.clickTrack(bpm: 120, seconds: 600)  // a few seconds of analysis in a debug build
            let kept = try #require(try await client.tempoUploadRaw(long, filename: "kept.wav", token: token).array.first?["id"] as? String)
            let gone = try #require(try await client.tempoUploadRaw(long, filename: "gone.wav", token: token).array.first?["id"] as? String)
            // Analysis runs one song at a time: "kept" first, then "gone".
            try await Self.waitUntilRunning(kept, client: client, token: token)
            _ = try await client.json(.patch, "/api/v1/tempo/songs/\(kept)", body: #"{"title": "Renamed", "bpmOverride": 90}"#, token: token)
            let first = try await client.tempoAnalysed(kept, token: token)
            try await Self.waitUntilRunning(gone, client: client, token: token)
            #expect(try await client.json(.delete, "/api/v1/tempo/songs/\(gone)", token: token).status == .noContent)
            // Give its analysis time to end (it would write the song back then).
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if try await client.json(.get, "/api/v1/tempo/songs/\(gone)", token: token).status != .notFound { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let after = try await client.json(.get, "/api/v1/tempo/songs/\(gone)", token: token)
            #expect(first["title"] as? String == "Renamed", "\(first)")
            #expect(first["bpmOverride"] as? Double == 90, "\(first)")
            #expect(after.status == .notFound, "the deleted song came back: \(after.text)")
        }
    }

    /// Issue 39: a newcomer tries Tempo with Cadence's own grooves; made once, analysed at the tempi they are named by.
    @Test func theDemoSongsAreMadeOnceAndFoundAtTheirTempi() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("demo"))
            let made = try await client.json(.post, "/api/v1/tempo/songs/demo", token: token)
            #expect(made.status == .created, "\(made.text)")
            let songs = made.array
            #expect(songs.compactMap { $0["title"] as? String } == ["Cadence demo · 150 BPM", "Cadence demo · 165 BPM", "Cadence demo · 180 BPM"])
            for song in songs {
                let id = try #require(song["id"] as? String)
                let named = Double((song["title"] as? String ?? "").split(separator: " ")[3])!
                let analysed = try await client.tempoAnalysed(id, token: token)
                let bpm = try #require(analysed["bpm"] as? Double, "\(analysed)")
                #expect(abs(bpm - named) <= named * 0.04, "\(named) BPM groove estimated at \(bpm)")
                #expect(abs((analysed["durationMs"] as? Int ?? 0) - 90_000) <= 100)
            }
            // Asked again: nothing more is made.
            let again = try await client.json(.post, "/api/v1/tempo/songs/demo", token: token)
            #expect(again.status == .ok && again.array.isEmpty, "\(again.text)")
            #expect(try await client.json(.get, "/api/v1/tempo/songs", token: token).array.count == 3)
        }
    }

    static func waitUntilRunning(_ id: String, client: some TestClientProtocol, token: String) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let song = try await client.json(.get, "/api/v1/tempo/songs/\(id)", token: token).object
            if song["analysis"] as? String != "pending" { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("song \(id) never started its analysis")
    }

    @Test func theLibraryNeedsASignedInAccount() async throws {
        try await withTestServer { server in
            let client = server.client
            let list = try await client.json(.get, "/api/v1/tempo/songs")
            let upload = try await client.tempoUploadRaw(Self.click120, filename: "a.wav", token: "nonsense")
            let templates = try await client.json(.get, "/api/v1/tempo/templates")
            #expect(list.status == .unauthorized)
            #expect(upload.status == .unauthorized)
            #expect(templates.status == .unauthorized)
        }
    }
}
