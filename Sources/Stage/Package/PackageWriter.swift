import Crypto
import Foundation
import ZIPFoundation

/// Writes `.cadence` packages: `manifest.json` (clear), `content.json` and `media/<sha256>.<ext>`.
///
/// Media is streamed into the ZIP (one 1 MiB piece at a time), hashed twice — once up front because
/// the entry name is its digest, and again while writing so a file edited mid-export is caught.
/// The package is written to a hidden temporary file beside `destination` and moved into place
/// only when complete, so a failed export never leaves a half-written package behind.
public enum PackageWriter {
    /// - Parameters:
    ///   - content: The caller's JSON (series, talks, slides); stored as `content.json`.
    ///   - media: Files referenced by the content; identical bytes are stored once.
    ///   - password: When set, every entry except the manifest is encrypted (AES-256-GCM, scrypt key).
    ///   - kdfParameters: scrypt cost; the default follows OWASP and should only be lowered in tests.
    /// - Returns: The manifest written into the package.
    @discardableResult
    public static func write(_ info: PackageInfo, content: Data, media: [PackageMedia], password: String?,
                             to destination: URL,
                             kdfParameters: KDFParameters = .recommended) throws -> PackageManifest {
        let planned = try plan(media)
        let crypto = try password.map { try PackageKey.make(password: $0, parameters: kdfParameters) }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        do {
            let archive: Archive
            do { archive = try Archive(url: temporary, accessMode: .create) } catch {
                throw PackageError.io("cannot create \(destination.lastPathComponent)")
            }
            var entries: [PackageEntry] = []
            let contentSource = PackageMedia(name: PackageManifest.contentPath, data: content)
            entries.append(try EntryWriter(archive: archive, key: crypto?.0,
                                           chunkSize: crypto?.1.chunkSize ?? PackageKey.chunkSize)
                .add(contentSource, path: PackageManifest.contentPath, role: .content,
                     expected: (PackageDigest.sha256(content), Int64(content.count)), names: nil))
            for item in planned {
                entries.append(try EntryWriter(archive: archive, key: crypto?.0,
                                               chunkSize: crypto?.1.chunkSize ?? PackageKey.chunkSize)
                    .add(item.source, path: item.path, role: .media, expected: (item.sha256, item.size),
                         names: item.names))
            }
            let manifest = PackageManifest(kind: info.kind, title: info.title, createdAt: info.createdAt,
                                           generator: info.generator, languages: info.languages,
                                           entries: entries, encryption: crypto?.1)
            let manifestData = try ManifestCoding.encode(manifest)
            try addSmall(manifestData, path: PackageManifest.path, to: archive)
            try install(temporary, at: destination)
            return manifest
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private struct PlannedMedia {
        var path: String
        var sha256: String
        var size: Int64
        var names: [String]
        var source: PackageMedia
    }

    /// Hashes every media source and groups identical ones under one content-addressed path.
    private static func plan(_ media: [PackageMedia]) throws -> [PlannedMedia] {
        var planned: [PlannedMedia] = []
        var byPath: [String: Int] = [:]
        var seenNames = Set<String>()
        for item in media {
            guard !item.name.isEmpty, seenNames.insert(item.name).inserted else {
                throw PackageError.invalidInput("the media name “\(item.name)” is empty or used twice")
            }
            let (sha, size) = try MediaStream.digest(item)
            let path = PackagePath.media(sha256: sha, name: item.name)
            if let index = byPath[path] {
                planned[index].names.append(item.name)
            } else {
                byPath[path] = planned.count
                planned.append(PlannedMedia(path: path, sha256: sha, size: size, names: [item.name], source: item))
            }
        }
        return planned
    }

    private static func addSmall(_ data: Data, path: String, to archive: Archive) throws {
        do {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position) ..< Int(position) + size)
            }
        } catch {
            throw PackageError.io("cannot write \(path)")
        }
    }

    private static func install(_ temporary: URL, at destination: URL) throws {
        let files = FileManager.default
        do {
            if files.fileExists(atPath: destination.path) {
                _ = try files.replaceItemAt(destination, withItemAt: temporary)
            } else {
                try files.moveItem(at: temporary, to: destination)
            }
        } catch {
            throw PackageError.io("cannot move the finished package to \(destination.path)")
        }
    }
}

extension KDFParameters {
    /// OWASP's scrypt minimum (N=2^17, r=8, p=1): 128 MiB and roughly 0.3 s per derivation here.
    public static let recommended = PackageKey.defaultParameters
}
