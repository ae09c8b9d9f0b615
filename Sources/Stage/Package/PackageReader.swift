import Foundation
import ZIPFoundation

/// Reads `.cadence` packages. Nothing is usable until every entry passed its size and SHA-256
/// check (and GCM tags when encrypted): a series is never half-installed.
public enum PackageReader {
    /// The manifest, after structural checks; needs no password and inflates no media, so a
    /// catalogue can list title, languages and size of any package cheaply.
    public static func open(_ url: URL, limits: PackageLimits = PackageLimits()) throws -> PackageManifest {
        try PackageScan(url: url, limits: limits).manifest
    }

    /// Checks a whole downloaded file against its own manifest without writing anything ("verify
    /// before install"). Without a password an encrypted package is checked in its stored form
    /// (SHA-256 of the ciphertext); with one, every tag and plaintext checksum is checked as well.
    @discardableResult
    public static func verify(_ url: URL, password: String? = nil,
                              limits: PackageLimits = PackageLimits()) throws -> PackageManifest {
        let scan = try PackageScan(url: url, limits: limits)
        let manifest = scan.manifest
        let key = try manifest.encryption.flatMap { block in
            password == nil ? nil : try PackageKey.open(block, password: password)
        }
        for line in manifest.entries {
            guard let entry = scan.zipEntry(line.path) else { throw PackageError.missingEntry(line.path) }
            try scan.reader.check(entry, against: line, key: key,
                                  chunkSize: manifest.encryption?.chunkSize ?? PackageKey.chunkSize, sink: { _ in })
        }
        return manifest
    }

    /// Unpacks into `stagingDirectory` (which must not exist yet), verifying every entry on the way.
    /// On any failure the staging directory is deleted and a `PackageError` says why.
    public static func extract(_ url: URL, password: String?, into stagingDirectory: URL,
                               limits: PackageLimits = PackageLimits()) throws -> ExtractedPackage {
        let files = FileManager.default
        let staging = stagingDirectory.standardizedFileURL
        if files.fileExists(atPath: staging.path) { throw PackageError.stagingDirectoryExists(staging.path) }
        do {
            try files.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw PackageError.io("cannot create the staging folder \(staging.path)")
        }
        do {
            return try unpack(url, password: password, into: staging, limits: limits)
        } catch {
            try? files.removeItem(at: staging)
            throw error
        }
    }

    private static func unpack(_ url: URL, password: String?, into staging: URL,
                               limits: PackageLimits) throws -> ExtractedPackage {
        let scan = try PackageScan(url: url, limits: limits)
        let manifest = scan.manifest
        let key = try manifest.encryption.map { try PackageKey.open($0, password: password) }
        var written: [String: URL] = [:]
        for line in manifest.entries {
            guard let entry = scan.zipEntry(line.path) else { throw PackageError.missingEntry(line.path) }
            let destination = try StagingFile.url(for: line.path, in: staging)
            try StagingFile.write(to: destination) { sink in
                try scan.reader.check(entry, against: line, key: key,
                                      chunkSize: manifest.encryption?.chunkSize ?? PackageKey.chunkSize, sink: sink)
            }
            written[line.path] = destination
        }
        guard let contentURL = written[PackageManifest.contentPath],
              let content = try? Data(contentsOf: contentURL) else {
            throw PackageError.io("cannot read the unpacked content.json")
        }
        var media: [String: URL] = [:]
        for line in manifest.entries where line.role == .media {
            for name in line.names ?? [] { media[name] = written[line.path] }
        }
        return ExtractedPackage(manifest: manifest, directory: staging, content: content, media: media, files: written)
    }
}
