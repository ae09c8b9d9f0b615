import CadenceCore
import Foundation
import Media
import SafeZip
import ToolProcess
import ZIPFoundation

/// `cadence restore FILE --data-dir DIR`: rebuilds an installation from a backup. Everything is extracted into a
/// hidden folder and checked against the manifest (every file present, every size and SHA-256 right, no name that
/// leaves the folder) before anything is moved into place, so a damaged or partial archive restores nothing.
public enum BackupRestorer {
    /// - Parameter postgresURL: where a PostgreSQL backup goes (an empty database); nil for a SQLite backup.
    @discardableResult
    public static func restore(_ archiveURL: URL, into dataDirectory: URL, postgresURL: String? = nil) async throws -> BackupManifest {
        let files = FileManager.default
        if files.fileExists(atPath: dataDirectory.appendingPathComponent("cadence.sqlite").path)
            || !((try? files.contentsOfDirectory(atPath: dataDirectory.path)) ?? []).filter({ !$0.hasPrefix(".") }).isEmpty {
            throw BackupError("\(dataDirectory.path) is not empty: restore into a new, empty folder")
        }
        let archive: Archive
        do {
            archive = try Archive(url: archiveURL, accessMode: .read)
        } catch {
            throw BackupError("\(archiveURL.lastPathComponent) is damaged or incomplete (its ZIP directory cannot be read); nothing was restored")
        }
        guard let manifestEntry = archive[BackupManifest.entryName] else {
            throw BackupError("\(archiveURL.lastPathComponent) has no manifest: it is not a Cadence backup, or it was cut short; nothing was restored")
        }
        var manifestData = Data()
        do {
            _ = try archive.extract(manifestEntry, skipCRC32: false) { manifestData.append($0) }
        } catch {
            throw BackupError("the backup's manifest is damaged; nothing was restored")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let manifest = try? decoder.decode(BackupManifest.self, from: manifestData), manifest.format == BackupManifest.format else {
            throw BackupError("\(archiveURL.lastPathComponent) is not a Cadence backup; nothing was restored")
        }
        guard manifest.version == 1 else { throw BackupError("this backup is of a newer format (\(manifest.version)); use a newer cadence") }
        if manifest.engine == "postgres", postgresURL == nil {
            throw BackupError("this is a PostgreSQL backup: give --database postgres://… (an empty database) to restore it into")
        }

        try files.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let staging = dataDirectory.appendingPathComponent(".restore-\(UUID().uuidString.lowercased())", isDirectory: true)
        defer { try? files.removeItem(at: staging) }
        for expected in manifest.files {
            guard ZipEntryName.isSafe(expected.path), expected.path.hasPrefix("database/") || expected.path.hasPrefix("media/")
                    || BackupWriter.keptFolders.contains(where: { expected.path.hasPrefix("\($0)/") }) else {
                throw BackupError("the backup names a file outside the installation (\(expected.path)); nothing was restored")
            }
            guard let entry = archive[expected.path] else {
                throw BackupError("the backup is missing \(expected.path): it is incomplete; nothing was restored")
            }
            let target = staging.appendingPathComponent(expected.path)
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                _ = try archive.extract(entry, to: target, skipCRC32: false)
            } catch {
                throw BackupError("\(expected.path) in the backup is damaged (\(error)); nothing was restored")
            }
            let info = try LocalMediaStore.checksum(of: target)
            guard info.byteSize == expected.bytes, info.sha256 == expected.sha256 else {
                throw BackupError("\(expected.path) does not match its checksum in the manifest; nothing was restored")
            }
        }

        if let postgresURL {
            try await pgRestore(staging.appendingPathComponent("database/cadence.pgdump"), into: postgresURL)
        } else {
            try files.moveItem(at: staging.appendingPathComponent("database/cadence.sqlite"), to: dataDirectory.appendingPathComponent("cadence.sqlite"))
        }
        for folder in BackupWriter.keptFolders where files.fileExists(atPath: staging.appendingPathComponent(folder).path) {
            let target = dataDirectory.appendingPathComponent(folder, isDirectory: true)
            try files.moveItem(at: staging.appendingPathComponent(folder), to: target)
            // Private keys stay readable by this user only, as they were written.
            try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: target.path)
            for name in try files.contentsOfDirectory(atPath: target.path) where name.hasSuffix("-key.pem") {
                try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.appendingPathComponent(name).path)
            }
        }
        let mediaFolder = staging.appendingPathComponent("media")
        for area in (try? files.contentsOfDirectory(atPath: mediaFolder.path)) ?? [] {
            try files.moveItem(at: mediaFolder.appendingPathComponent(area), to: dataDirectory.appendingPathComponent(area))
        }
        return manifest
    }

    static func pgRestore(_ dump: URL, into url: String) async throws {
        guard let pgRestore = PostgresTools.find("pg_restore") else {
            throw BackupError("pg_restore is not installed; install the PostgreSQL client (Debian: postgresql-client)")
        }
        let output = try await ToolProcess.run(pgRestore, ["--no-owner", "--exit-on-error", "--dbname", url, dump.path])
        guard output.status == 0 else {
            throw BackupError("pg_restore failed (restore into an empty database): \(output.stderrTail())")
        }
    }
}
