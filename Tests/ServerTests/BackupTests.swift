import Backup
import Foundation
import LocalCA
import Server
import Hummingbird
import HummingbirdTesting
import Media
import SQLKit
import Storage
import Synchronization
import Testing

/// `cadence backup` while the server keeps writing, and `cadence restore` into an empty folder (or database): every
/// registration acknowledged before the backup began is restored, every media file the restored rows name is there
/// with its checksum; a truncated archive is refused and restores nothing.
@Suite(.timeLimit(.minutes(5))) struct BackupTests {
    @Test func aBackupTakenWhileWritingRestoresEveryAcknowledgedWrite() async throws {
        try await withTestServer { server in
            let client = server.client
            let token = try await client.register(email: uniqueEmail("backup"))
            var before: [String] = []
            for _ in 0..<5 {
                let email = uniqueEmail("before")
                _ = try await client.register(email: email)
                before.append(email)
            }
            _ = try await client.stageImport(StageImportAPITests.threePictures, query: "filename=deck.zip", token: token)
            let archive = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-backup-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: archive) }
            let location: DatabaseLocation = if let url = ProcessInfo.processInfo.environment["CADENCE_TEST_POSTGRES_URL"] {
                .postgres(url: url)
            } else {
                .sqlite(path: "")  // the open database is snapshotted; the path is not read
            }
            // Cadence's own certificate authority (serve --https local) travels with the installation.
            let authority = LocalAuthorityFiles(dataDirectory: server.dataDirectory)
            try authority.ensureServerCertificate(for: ServedNames(dnsNames: ["localhost"], addresses: ["127.0.0.1"]), hostname: "stage-pc")
            let writer = BackupWriter(database: server.database, location: location, media: server.media,
                                      scratch: server.dataDirectory.appendingPathComponent("work"), dataDirectory: server.dataDirectory)
            // A writer keeps registering and importing from before the backup begins until it has ended.
            let acknowledged = Mutex(0)
            let writing = Task {
                while !Task.isCancelled {
                    if (try? await client.register(email: uniqueEmail("during"))) != nil { acknowledged.withLock { $0 += 1 } }
                    _ = try? await client.stageImport(StageImportAPITests.threePictures, query: "filename=deck.zip", token: token)
                }
            }
            while acknowledged.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            let manifest = try await writer.write(to: archive)
            writing.cancel()
            await writing.value
            #expect(manifest.files.contains { $0.path.hasPrefix("database/") })

            let restored = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-restored-\(UUID())")
            defer { try? FileManager.default.removeItem(at: restored) }
            var target: (url: String, drop: @Sendable () async -> Void)?
            if case .postgres(let url) = location { target = try await TestDatabase.emptyPostgresDatabase(beside: url) }
            try await BackupRestorer.restore(archive, into: restored, postgresURL: target?.url)
            let restoredAuthority = try LocalAuthorityFiles(dataDirectory: restored).readAuthority()
            let originalFingerprint = try authority.readAuthority()?.certificate.sha256Fingerprint
            #expect(try restoredAuthority?.certificate.sha256Fingerprint == originalFingerprint,
                    "the phones' trusted root comes back")
            let keyMode = try FileManager.default.attributesOfItem(atPath: restored.appendingPathComponent("https/ca-key.pem").path)[.posixPermissions] as? Int
            #expect(keyMode == 0o600, "the authority's key is readable by its owner only")
            let database = try await Database.open(target.map { .postgres(url: $0.url) } ?? .sqlite(path: restored.appendingPathComponent("cadence.sqlite").path),
                                                   logger: .init(label: "test.restored"))
            do {
                let emails = Set(try await database.sql.raw("SELECT email FROM accounts").all().map { try $0.decode(column: "email", as: String.self) })
                #expect(before.allSatisfy(emails.contains), "every registration acknowledged before the backup began")
                let media: any MediaStore = manifest.media == "directory" ? LocalMediaStore(root: restored) : DatabaseMediaStore(database: database)
                let assets = try await database.sql.raw("SELECT id, account_id, content_type, sha256 FROM stage_assets").all()
                #expect(assets.count >= 3)
                for row in assets {
                    let id = try row.decode(column: "id", as: String.self).lowercased()
                    let owner = try #require(UUID(uuidString: try row.decode(column: "account_id", as: String.self)))
                    let key = try await media.keys(ownerID: owner).first { $0.file.hasPrefix(id) }
                    let info = try await key.asyncMap { try await media.info($0) } ?? nil
                    #expect(info?.sha256 == (try row.decode(column: "sha256", as: String.self)), "asset \(id) restored with its checksum")
                }
            } catch {
                try? await database.shutdown()
                await target?.drop()
                throw error
            }
            try await database.shutdown()
            await target?.drop()

            // Cut short: refused, and nothing is left behind.
            let cut = archive.deletingLastPathComponent().appendingPathComponent("cut-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: cut) }
            let bytes = try Data(contentsOf: archive)
            try bytes.prefix(bytes.count / 2).write(to: cut)
            let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-empty-\(UUID())")
            defer { try? FileManager.default.removeItem(at: empty) }
            await #expect(throws: BackupError.self) { try await BackupRestorer.restore(cut, into: empty, postgresURL: "postgres://unused") }
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: empty.path)) ?? []).isEmpty)
        }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
