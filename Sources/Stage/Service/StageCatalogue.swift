import CadenceCore
import Foundation
import Logging
import Media
import StagePackage
import Synchronization

/// The Stage catalogue (S8): the `.cadence` packages an operator offers from
/// `<data directory>/catalogue`. Each file is read whole (every entry checked against its
/// manifest) and hashed once, when it is first seen or changes (size or modification time);
/// the checksum recorded then is the one downloads are verified against, so a copy damaged
/// later on disk is still listed but never installs. A package is free or needs an
/// activation code (`cadence catalogue add`); a file dropped in by hand is listed, locked.
///
/// With the media in the database (`shared`), a package read from a host's folder is also published to it, so every
/// instance lists and serves it, whichever host's folder it was dropped into.
public final class StageCatalogue: Sendable {
    public let directory: URL
    public let dataDirectory: URL
    public let store: any StageCatalogueStore
    public let logger: Logger
    /// The installation's media store when it is shared by every instance (the database); nil when it is a directory.
    public let shared: (any MediaStore)?
    /// Files that could not be read, by name, with the size and time they had then (not retried until they change).
    private let unreadable = Mutex<[String: Stamp]>([:])
    /// Wrong activation codes per account: 10 in 15 minutes, then a wait.
    public let throttle = LockedThrottle(limit: 10, window: 15 * 60)

    public init(dataDirectory: URL, store: any StageCatalogueStore, logger: Logger, media: (any MediaStore)? = nil) {
        shared = media.flatMap { $0.localPath(Self.key("x.cadence")) == nil ? $0 : nil }
        self.dataDirectory = dataDirectory
        self.directory = dataDirectory.appendingPathComponent("catalogue", isDirectory: true)
        self.store = store
        self.logger = logger
    }

    public struct Stamp: Equatable, Sendable {
        public let bytes: Int64
        public let modifiedAt: Int64
    }

    // MARK: Listing

    /// The records of the packages present in the folder, refreshed where a file is new or changed.
    public func entries(at now: Date = Date()) async throws -> [CatalogueRecord] {
        let files = FileManager.default
        let names = ((try? files.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".cadence") && !$0.hasPrefix(".") }.sorted()
        var records = Dictionary(uniqueKeysWithValues: try await store.records().map { ($0.fileName, $0) })
        var present: [CatalogueRecord] = []
        for name in names {
            let url = directory.appendingPathComponent(name)
            guard let stamp = Self.stamp(url) else { continue }
            let old = records[name]
            if let old, old.bytes == stamp.bytes, old.modifiedAt == stamp.modifiedAt {
                present.append(old)
                continue
            }
            if unreadable.withLock({ $0[name] }) == stamp {
                if let old { present.append(old) }
                continue
            }
            do {
                var record = try Self.read(url, fileName: name, stamp: stamp)
                record.free = old?.free ?? false
                if let twin = records.values.first(where: { $0.id == record.id && $0.fileName != name }) {
                    throw CatalogueError("it is the same package as \(twin.fileName)")
                }
                try await publish(url, as: name, record)
                try await store.saveRecord(record, at: now)
                records[name] = record
                present.append(record)
                logger.info("catalogue: read \(name)", metadata: ["id": "\(record.id)"])
            } catch {
                unreadable.withLock { $0[name] = stamp }
                logger.warning("catalogue: \(name) is not offered as it is: \(Self.describe(error))")
                // A file damaged after it was added keeps its recorded checksum: downloads of it are refused.
                if let old { present.append(old) }
            }
        }
        // Packages another host published: listed here too.
        if let shared {
            let local = Set(names)
            let published = Set(try await shared.keys(ownerID: MediaKey.installation).filter { $0.area == Self.area }.map(\.file))
            present += records.values.filter { !local.contains($0.fileName) && published.contains($0.fileName) }
        }
        return present
    }

    static let area = "catalogue"

    static func key(_ fileName: String) -> MediaKey {
        MediaKey(ownerID: MediaKey.installation, area: area, file: fileName)
    }

    /// Puts a package read from this host's folder into the shared store, unless the bytes its record describes (its
    /// size and the SHA-256 taken when it was read) are there already: no file is hashed again to find out.
    private func publish(_ file: URL, as name: String, _ record: CatalogueRecord) async throws {
        guard let shared, try await shared.info(Self.key(name)) != MediaInfo(byteSize: record.bytes, sha256: record.sha256) else { return }
        try await shared.put(file: file, as: Self.key(name), consuming: false)
    }

    /// At start: recorded packages this host's folder holds that the shared store lacks (an installation that moved to
    /// database media) are published. New or changed files are read, and published, by `entries`.
    public func publishFolder() async {
        guard shared != nil else { return }
        for record in (try? await store.records()) ?? [] {
            let file = directory.appendingPathComponent(record.fileName)
            guard let stamp = Self.stamp(file), stamp.bytes == record.bytes, stamp.modifiedAt == record.modifiedAt else { continue }
            do { try await publish(file, as: record.fileName, record) } catch {
                logger.warning("catalogue: \(record.fileName) could not be shared with the other instances: \(error)")
            }
        }
    }

    /// Where a package's bytes are served from: this host's folder when it has the file, else the shared store.
    public enum Source {
        case file(URL)
        case media(any MediaStore, MediaKey)
    }

    public func source(of record: CatalogueRecord) -> Source {
        let url = fileURL(record)
        if let shared, !FileManager.default.fileExists(atPath: url.path) { return .media(shared, Self.key(record.fileName)) }
        return .file(url)
    }

    /// One entry as an account sees it.
    public struct Item: Sendable {
        public let record: CatalogueRecord
        public let locked: Bool
        public let installed: Bool
    }

    public enum Sort: String, CaseIterable {
        case name, availability
    }

    public func items(accountID: UUID, sort: Sort = .name) async throws -> [Item] {
        let records = try await entries()
        let unlocked = try await store.unlockedFileNames(accountID: accountID)
        let installed = try await store.installedEntryIDs(accountID: accountID)
        let items = records.map { Item(record: $0, locked: !$0.free && !unlocked.contains($0.fileName), installed: installed.contains($0.id)) }
        return items.sorted { a, b in
            if sort == .availability, a.locked != b.locked { return !a.locked }
            let order = a.record.title.localizedCaseInsensitiveCompare(b.record.title)
            return order == .orderedSame ? a.record.fileName < b.record.fileName : order == .orderedAscending
        }
    }

    public func item(id: String, accountID: UUID) async throws -> Item? {
        try await items(accountID: accountID).first { $0.record.id == id.lowercased() }
    }

    public func fileURL(_ record: CatalogueRecord) -> URL { directory.appendingPathComponent(record.fileName) }

    /// Bytes free on the file system that holds the data directory.
    public func freeBytes() -> Int64 {
        try? FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: dataDirectory.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
    }

    // MARK: Activation codes

    /// Unlocks what the code unlocks for the account; the records unlocked.
    public func activate(code: String, accountID: UUID, now: Date) async throws -> [CatalogueRecord] {
        let normalized = Self.normalize(code)
        guard !normalized.isEmpty else { throw ValidationError(field: "code", "Enter an activation code.", key: "stage.error.code_required") }
        let key = accountID.uuidString
        if let wait = throttle.retryAfter(key, now: now) {
            throw TooManyAttempts("activation code attempts", retryAfter: wait)
        }
        switch try await store.redeem(codeHash: Self.hash(normalized), accountID: accountID, at: now) {
        case .unknown:
            throttle.recordFailure(key, now: now)
            throw ValidationError(field: "code", "That activation code is not right; check it and try again.", key: "stage.error.code_wrong")
        case .usedByAnotherAccount:
            throttle.recordFailure(key, now: now)
            throw ValidationError(field: "code", "That activation code was already used by another account; each code unlocks series for one account.",
                                  key: "stage.error.code_used")
        case .unlocked(let names):
            throttle.reset(key)
            let records = try await entries(at: now)
            return records.filter { names.contains($0.fileName) }
        }
    }

    /// Upper-case letters and digits only, so "abcd-1234 efgh" and "ABCD1234EFGH" are one code.
    public static func normalize(_ code: String) -> String {
        String(code.uppercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
    }

    public static func hash(_ normalizedCode: String) -> String {
        SHA256Hex.digest(Array(normalizedCode.utf8))
    }

    public func recordInstall(entryID: String, seriesID: UUID, accountID: UUID, at: Date) async {
        do {
            try await store.recordInstall(entryID: entryID, seriesID: seriesID, accountID: accountID, at: at)
        } catch {
            logger.error("catalogue: could not record the install of \(entryID): \(error)")
        }
    }

    // MARK: Adding (the CLI)

    /// Checks a package whole, copies it into the catalogue folder (unless it is there already)
    /// and records it, free or with its activation codes.
    public func add(file: URL, free: Bool, codes: [String], at now: Date = Date()) async throws -> CatalogueRecord {
        let normalized = codes.map(Self.normalize)
        for (code, given) in zip(normalized, codes) where code.count < 8 {
            throw CatalogueError("the activation code \"\(given)\" is too short: use at least 8 letters or digits")
        }
        let files = FileManager.default
        guard files.fileExists(atPath: file.path) else { throw CatalogueError("\(file.path) does not exist") }
        let source = try Self.read(file, fileName: file.lastPathComponent, stamp: Stamp(bytes: 0, modifiedAt: 0))
        var name = file.lastPathComponent
        if !name.hasSuffix(".cadence") { name += ".cadence" }
        if name.hasPrefix(".") { name = "package" + name }
        let destination = directory.appendingPathComponent(name)
        let records = try await store.records()
        if let twin = records.first(where: { $0.id == source.id && $0.fileName != name }) {
            throw CatalogueError("this package is in the catalogue already, as \(twin.fileName)")
        }
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        if destination.standardizedFileURL.path != file.standardizedFileURL.path {
            if files.fileExists(atPath: destination.path) {
                guard (try? PackageDigest.sha256(destination)) == source.sha256 else {
                    throw CatalogueError("a different package named \(name) is in the catalogue already; rename the file to add it beside that one")
                }
            } else {
                // Copied under a hidden name first, so a listing never reads a half-copied file.
                let partial = directory.appendingPathComponent(".\(name).partial")
                try? files.removeItem(at: partial)
                try files.copyItem(at: file, to: partial)
                try files.moveItem(at: partial, to: destination)
            }
        }
        guard let stamp = Self.stamp(destination) else { throw CatalogueError("cannot read \(destination.path)") }
        var record = source
        record.fileName = name
        record.bytes = stamp.bytes
        record.modifiedAt = stamp.modifiedAt
        try await publish(destination, as: name, record)
        record.free = free || (records.first { $0.fileName == name }?.free ?? false)
        try await store.saveRecord(record, at: now)
        try await store.addCodes(Array(Set(normalized.map(Self.hash))), fileName: name, at: now)
        return record
    }

    /// For `cadence catalogue list`: the codes linked to each file.
    public func codeCounts() async throws -> [String: (codes: Int, redeemed: Int)] { try await store.codeCounts() }

    // MARK: Reading a file

    public static func stamp(_ url: URL) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              (attributes[.type] as? FileAttributeType) == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return Stamp(bytes: size, modifiedAt: modified.millisecondsSince1970)
    }

    public static func read(_ url: URL, fileName: String, stamp: Stamp) throws -> CatalogueRecord {
        let manifest: PackageManifest
        let sha256: String
        do {
            manifest = try PackageReader.verify(url)
            sha256 = try PackageDigest.sha256(url)
        } catch let error as PackageError {
            throw CatalogueError("\(url.lastPathComponent) is not a usable Cadence package: \(error.message)")
        }
        guard manifest.kind == .series else {
            throw CatalogueError("\(url.lastPathComponent) holds a \(manifest.kind.rawValue), not a series")
        }
        var seen = Set<String>()
        return CatalogueRecord(fileName: fileName, id: String(sha256.prefix(16)), sha256: sha256, bytes: stamp.bytes,
                               modifiedAt: stamp.modifiedAt, title: manifest.title,
                               languages: manifest.languages.filter { seen.insert($0).inserted },
                               passwordProtected: manifest.isEncrypted, free: false)
    }

    public static func describe(_ error: any Error) -> String {
        (error as? CatalogueError)?.description ?? "\(error)"
    }
}
