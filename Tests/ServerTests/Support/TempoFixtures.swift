#if canImport(Glibc)
import CadenceCore
import Foundation
import Glibc
import Hummingbird
import HummingbirdTesting
import Logging
import Media
import NIOCore
import PlatformService
import Server
import Storage
import Synchronization
import TempoService
import TempoStorage
#endif

/// Test audio for Tempo, made in memory: WAV click tracks at a known tempo.
enum TempoFixtures {
    /// A 16-bit PCM WAV of short decaying 1 kHz clicks at `bpm`, `seconds` long.
    static func clickTrack(bpm: Double = 120, seconds: Double = 8, sampleRate: Int = 22_050, channels: Int = 1) -> Data {
        let frames = Int(seconds * Double(sampleRate))
        let period = 60 / bpm * Double(sampleRate)
        let clickLength = Int(0.03 * Double(sampleRate))
        var pcm = [Int16](repeating: 0, count: frames)
        var beat = 0.0
        while Int(beat) < frames {
            let start = Int(beat)
            for i in 0..<clickLength where start + i < frames {
                let t = Double(i) / Double(sampleRate)
                let value = sin(2 * .pi * 1000 * t) * exp(-t * 120) * 0.8
                pcm[start + i] = Int16(value * 32_767)
            }
            beat += period
        }
        return wav(pcm, sampleRate: sampleRate, channels: channels)
    }

    /// A RIFF/WAVE file holding these 16-bit samples (the same signal on every channel).
    static func wav(_ samples: [Int16], sampleRate: Int, channels: Int = 1) -> Data {
        var data: [UInt8] = []
        data.reserveCapacity(samples.count * 2 * channels)
        for sample in samples {
            for _ in 0..<channels { data += le16(UInt16(bitPattern: sample)) }
        }
        let blockAlign = 2 * channels
        var out: [UInt8] = Array("RIFF".utf8) + le32(UInt32(36 + data.count)) + Array("WAVE".utf8)
        out += Array("fmt ".utf8) + le32(16) + le16(1) + le16(UInt16(channels)) + le32(UInt32(sampleRate))
        out += le32(UInt32(sampleRate * blockAlign)) + le16(UInt16(blockAlign)) + le16(16)
        out += Array("data".utf8) + le32(UInt32(data.count)) + data
        return Data(out)
    }

    /// A `multipart/form-data` body with one part per file, all named `file`, and its boundary.
    static func multipart(_ files: [(filename: String, data: Data)], boundary: String = "cadence-\(UUID().uuidString)",
                          extraFields: [(String, String)] = []) -> (body: Data, contentType: String) {
        var body = Data()
        for (name, value) in extraFields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.filename)\"\r\n".utf8)
            body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8)
            body += file.data
            body += Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    private static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}

/// Tempo requests a client makes.
extension TestClientProtocol {
    /// Uploads one file as the raw body with `?filename=`.
    func tempoUploadRaw(_ data: Data, filename: String, token: String, contentType: String = "application/octet-stream") async throws -> TestResponse {
        let name = filename.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? filename
        return try await execute(uri: "/api/v1/tempo/songs?filename=\(name)", method: .post,
                                 headers: [.contentType: contentType, .authorization: "Bearer \(token)"],
                                 body: ByteBuffer(bytes: data))
    }

    /// Uploads files as `multipart/form-data`.
    func tempoUploadMultipart(_ files: [(filename: String, data: Data)], token: String) async throws -> TestResponse {
        let form = TempoFixtures.multipart(files)
        return try await execute(uri: "/api/v1/tempo/songs", method: .post,
                                 headers: [.contentType: form.contentType, .authorization: "Bearer \(token)"],
                                 body: ByteBuffer(bytes: form.body))
    }

    /// Polls a song until its analysis is done or failed (or fails the test after `seconds`).
    func tempoAnalysed(_ id: String, token: String, seconds: Double = 60) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last: [String: Any] = [:]
        while ContinuousClock.now < deadline {
            let song = try await json(.get, "/api/v1/tempo/songs/\(id)", token: token)
            guard song.status == .ok else { throw TestFailure("song \(id): \(song.status) \(song.text)") }
            last = song.object
            if let state = last["analysis"] as? String, state == "done" || state == "failed" { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the song \(id) was still being analysed after \(seconds) s: \(last)")
    }

    /// The id of the account a token belongs to.
    func accountID(token: String) async throws -> UUID {
        let me = try await json(.get, "/api/v1/auth/me", token: token)
        guard let text = me.object["id"] as? String, let id = UUID(uuidString: text) else { throw TestFailure("me: \(me.status) \(me.text)") }
        return id
    }
}

/// Songs put straight into the library (analysis already done), so planner tests need not wait.
enum TempoLibrarySeed {
    static let counter = Mutex(0)

    @discardableResult
    static func song(_ database: Database, accountID: UUID, title: String, bpm: Double, seconds: Double,
                     bpmOverride: Double? = nil, analysis: SongRecord.Analysis = .done) async throws -> SongRecord {
        let record = SongRecord(title: title, filename: "\(title).wav", contentType: "audio/wav", byteSize: 44,
                                sha256: String(repeating: "0", count: 64), durationMs: Int64(seconds * 1000),
                                bpm: analysis == .done ? bpm : nil, confidence: analysis == .done ? 0.9 : nil,
                                alternatives: analysis == .done ? [bpm / 2, bpm * 2] : [], bpmOverride: bpmOverride,
                                analysis: analysis, progress: analysis == .done ? 1 : 0)
        // Each seeded song a second after the last, so "added" order is the order of the calls.
        let at = Date(timeIntervalSince1970: 1_800_000_000 + Double(counter.withLock { $0 += 1; return $0 }))
        try await SQLTempoStore(database: database).saveSong(record, accountID: accountID, at: at)
        return record
    }
}

/// Two servers, one after the other, over the same database and data folder: what a restart looks like.
/// (`withTestServer` opens a fresh database per call, so a restart needs its own harness.)
/// `privateDatabase`: a database of the test's own on PostgreSQL too, for a test that moves its clock far ahead (a server
/// starting at a later "now" gives up every import of the shared database that looks an hour old).
func withRestartableServer(privateDatabase: Bool = false,
                           _ body: @escaping @Sendable (_ start: @escaping @Sendable (_ live: Bool, _ run: @escaping @Sendable (TestServer) async throws -> Void) async throws -> Void) async throws -> Void) async throws {
    let database: Database
    var cleanup: @Sendable () -> Void = {}
    var dropPrivate: (@Sendable () async -> Void)?
    if privateDatabase {
        let opened = try await TestDatabase.openPrivate()
        database = opened.0
        dropPrivate = opened.cleanup
    } else {
        (database, cleanup) = try await TestDatabase.open()
    }
    defer { cleanup() }
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-data-\(UUID().uuidString.lowercased())")
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    let clock = TestClock()
    let mailer = RecordingMailer()
    let logger: Logger = {
        var logger = Logger(label: "test.server")
        logger.logLevel = .warning
        return logger
    }()
    let start: @Sendable (Bool, @escaping @Sendable (TestServer) async throws -> Void) async throws -> Void = { live, run in
        let dependencies = ServerDependencies(
            database: database, mailer: mailer, clock: clock, passwordHasher: PasswordHasher(cost: 4),
            publicURL: "http://cadence.test", dataDirectory: dataDirectory, logger: logger)
        let server = try await assembleServer(dependencies)
        let app = Application(router: server.router, server: webSocketServer(server.router),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              services: live ? server.services : [], logger: logger)
        let routes = server.router.routes.map(\.description)
        try await app.test(live ? .live : .router) { client in
            try await run(TestServer(client: client, clock: clock, mailer: mailer, database: database, dataDirectory: dataDirectory,
                                     media: dependencies.media, routes: routes))
        }
    }
    do {
        try await body(start)
    } catch {
        if let dropPrivate { await dropPrivate() } else { try? await database.shutdown() }
        throw error
    }
    if let dropPrivate { await dropPrivate() } else { try await database.shutdown() }
}

/// Sends a request's head and the first bytes of its body over a plain TCP socket and returns the
/// status line the server answers with before the rest arrives (test clients always send the length
/// of the body they hold, so a declared length larger than the body needs a socket of one's own).
enum RawHTTP {
    static func statusLine(port: Int, head: String, firstBytes: Data, timeout: Double = 10) throws -> String {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("connect() failed") }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let bytes = [UInt8](Data(head.utf8) + firstBytes)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw TestFailure("no answer within \(timeout) s") }
        return String(decoding: buffer[..<n], as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
    }
}
