import Foundation
import SafeZip
import ZIPFoundation

/// The structural checks every read starts with, none of which need the password or inflate media:
/// it is a ZIP, it is complete, no entry is unsafe (traversal, symlink, duplicate, too many), the
/// manifest is ours and readable, and the ZIP holds exactly the entries the manifest lists with
/// the sizes it lists.
struct PackageScan {
    let archive: Archive
    let manifest: PackageManifest
    let reader: EntryReader
    private let entriesByPath: [String: Entry]

    func zipEntry(_ path: String) -> Entry? { entriesByPath[path] }

    init(url: URL, limits: PackageLimits) throws {
        let records = try Self.directory(of: url)
        if records.count > limits.maxEntries {
            throw PackageError.tooManyEntries(count: records.count, limit: limits.maxEntries)
        }
        if let locked = records.first(where: \.isEncrypted) {
            throw PackageError.unsupportedEncryption("the ZIP entry \(locked.name) uses ZIP encryption")
        }
        do { archive = try Archive(url: url, accessMode: .read) } catch {
            throw PackageError.damaged("ZIP structure unreadable")
        }
        let all = Array(archive)
        guard all.count == records.count else { throw PackageError.damaged("its table of contents is inconsistent") }
        var byPath: [String: Entry] = [:]
        var seen = Set<String>()
        for entry in all {
            let name = entry.type == .directory && entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            try PackagePath.validateArchiveName(name)
            if entry.type == .symlink { throw PackageError.symlink(entry.path) }
            // Case-insensitive: two names differing only in case collide on macOS and Windows disks.
            guard seen.insert(name.lowercased()).inserted else { throw PackageError.duplicateEntry(name) }
            if entry.type == .directory { throw PackageError.unlistedEntry(entry.path) }
            byPath[entry.path] = entry
        }
        guard let manifestEntry = byPath[PackageManifest.path] else { throw PackageError.notACadencePackage }
        reader = EntryReader(archive: archive, limits: limits)
        var manifestData = Data()
        try reader.readStored(manifestEntry, cap: limits.maxManifestBytes) { manifestData.append($0) }
        manifest = try ManifestCoding.decode(manifestData)
        try Self.validate(manifest)
        entriesByPath = byPath
        try crossCheck(limits: limits)
    }

    private static func directory(of url: URL) throws -> [ZipDirectory.Record] {
        do {
            return try ZipDirectory.read(from: url)
        } catch {
            switch error {
            case .unreadable: throw PackageError.io("cannot read \(url.lastPathComponent)")
            case .notAZip: throw PackageError.notAZip
            case .truncated: throw PackageError.truncated
            case .directoryTooLarge: throw PackageError.damaged("its table of contents is too large")
            case .inconsistent: throw PackageError.damaged("its table of contents is inconsistent")
            }
        }
    }

    /// The manifest must be self-consistent before any of its paths is used to write a file.
    private static func validate(_ manifest: PackageManifest) throws {
        var paths = Set<String>()
        var names = Set<String>()
        let chunkSize = manifest.encryption?.chunkSize
        guard manifest.entries.filter({ $0.role == .content }).map(\.path) == [PackageManifest.contentPath] else {
            throw PackageError.malformedManifest("it must list content.json exactly once")
        }
        for line in manifest.entries {
            try PackagePath.validate(line.path)
            guard line.path != PackageManifest.path, paths.insert(line.path.lowercased()).inserted else {
                throw PackageError.malformedManifest("\(PackagePath.display(line.path)) is listed twice")
            }
            guard PackageDigest.isHexDigest(line.sha256), line.size >= 0 else {
                throw PackageError.malformedManifest("\(PackagePath.display(line.path)) has no valid checksum or size")
            }
            if line.role == .media, !line.path.hasPrefix("media/") {
                throw PackageError.malformedManifest("media \(line.path) is outside media/")
            }
            if let chunkSize {
                guard let stored = line.storedSHA256, PackageDigest.isHexDigest(stored),
                      line.storedSize == ChunkCipher.storedSize(plaintextSize: line.size, chunkSize: chunkSize) else {
                    throw PackageError.malformedManifest("\(PackagePath.display(line.path)) lacks its encrypted size or checksum")
                }
            } else if line.storedSHA256 != nil || line.storedSize != nil {
                throw PackageError.malformedManifest("\(PackagePath.display(line.path)) claims encryption in a package without it")
            }
            for name in line.names ?? [] where !names.insert(name).inserted {
                throw PackageError.malformedManifest("the media name “\(name)” is used twice")
            }
        }
    }

    /// ZIP and manifest must agree entry for entry, size for size.
    private func crossCheck(limits: PackageLimits) throws {
        var total: Int64 = 0
        for line in manifest.entries {
            guard let entry = entriesByPath[line.path] else { throw PackageError.missingEntry(line.path) }
            guard entry.type == .file, Int64(clamping: entry.uncompressedSize) == line.storedByteCount else {
                throw PackageError.checksumMismatch(line.path)
            }
            total += line.storedByteCount
        }
        if total > limits.maxUncompressedBytes { throw PackageError.tooLarge(limit: limits.maxUncompressedBytes) }
        let listed = Set(manifest.entries.map(\.path) + [PackageManifest.path])
        if let extra = entriesByPath.keys.sorted().first(where: { !listed.contains($0) }) {
            throw PackageError.unlistedEntry(extra)
        }
    }
}
