import Foundation
import Testing
import ZIPFoundation
@testable import StagePackage

/// Extracts, expects `expected`, and checks the staging folder is gone.
private func expectRefused(_ url: URL, password: String? = nil, limits: PackageLimits = PackageLimits(),
                           in scratch: Scratch, _ expected: PackageError,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    let error = packageError { _ = try PackageReader.extract(url, password: password, into: scratch.staging, limits: limits) }
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: scratch.staging.path), sourceLocation: sourceLocation)
}

/// The sample rebuilt with `change` applied to each entry's bytes (same manifest).
private func rewritten(_ url: URL, in scratch: Scratch, change: (RawEntry) -> RawEntry?) throws -> URL {
    let out = scratch.url("rewritten.cadence")
    try writeZip(try readZip(url).compactMap(change), to: out)
    return out
}

private func flipFirstByte(of entry: RawEntry, ifPathContains part: String) -> RawEntry {
    guard entry.path.contains(part) else { return entry }
    var changed = entry
    changed.data[changed.data.startIndex] ^= 0xFF
    return changed
}

@Test(.timeLimit(.minutes(5))) func wrongAndMissingPassword() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch, password: "right")
    expectRefused(url, password: "wrong", in: scratch, .wrongPassword)
    expectRefused(url, password: nil, in: scratch, .passwordRequired)
    #expect(PackageError.wrongPassword.message == "The password is wrong.")
}

@Test(.timeLimit(.minutes(5))) func tamperedMediaIsNamed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    let media = try #require(try PackageReader.open(url).entries.first { $0.path.hasSuffix(".png") }).path
    let tampered = try rewritten(url, in: scratch) { flipFirstByte(of: $0, ifPathContains: ".png") }
    expectRefused(tampered, in: scratch, .checksumMismatch(media))
    #expect(packageError { try PackageReader.verify(tampered) } == .checksumMismatch(media))
    let message = PackageError.checksumMismatch(media).message
    #expect(message.contains("changed after it was made") && message.contains("media/\(media.dropFirst(6).prefix(4))…."))
}

@Test(.timeLimit(.minutes(5))) func tamperedEncryptedMediaIsNamed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch, password: "pw")
    let media = try #require(try PackageReader.open(url).entries.first { $0.path.hasSuffix(".jpg") }).path
    let tampered = try rewritten(url, in: scratch) { flipFirstByte(of: $0, ifPathContains: ".jpg") }
    expectRefused(tampered, password: "pw", in: scratch, .checksumMismatch(media))
    #expect(packageError { try PackageReader.verify(tampered) } == .checksumMismatch(media))
}

@Test(.timeLimit(.minutes(5))) func byteFlippedInsideTheZipFileIsCaught() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let sample = Sample()
    let url = try sample.write(in: scratch)
    var raw = try Data(contentsOf: url)
    let at = try #require(raw.range(of: sample.cover.prefix(32))).lowerBound + 1000
    raw[at] ^= 0x01
    try raw.write(to: url)
    let media = PackagePath.media(sha256: PackageDigest.sha256(sample.cover), name: "cover.jpg")
    expectRefused(url, in: scratch, .checksumMismatch(media))
}

@Test(.timeLimit(.minutes(5))) func truncatedDownload() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    let raw = try Data(contentsOf: url)
    try raw.prefix(raw.count / 2).write(to: url)
    expectRefused(url, in: scratch, .truncated)
    #expect(packageError { _ = try PackageReader.open(url) } == .truncated)
}

@Test(.timeLimit(.minutes(5))) func notAZipAndNotOurs() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let text = scratch.url("notes.cadence")
    try Data("hello".utf8).write(to: text)
    expectRefused(text, in: scratch, .notAZip)
    let foreign = scratch.url("foreign.cadence")
    try writeZip([RawEntry(path: "readme.txt", data: Data("hi".utf8))], to: foreign)
    expectRefused(foreign, in: scratch, .notACadencePackage)
}

@Test(.timeLimit(.minutes(5))) func newerVersionIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    let newer = try rewritten(url, in: scratch) { entry in
        guard entry.path == "manifest.json" else { return entry }
        var changed = entry
        changed.data = Data(String(decoding: entry.data, as: UTF8.self)
            .replacingOccurrences(of: #""version" : 1"#, with: #""version" : 2"#).utf8)
        return changed
    }
    expectRefused(newer, in: scratch, .unsupportedVersion(2))
}

@Test(.timeLimit(.minutes(5))) func missingAndExtraEntries() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    let png = try #require(try PackageReader.open(url).entries.first { $0.path.hasSuffix(".png") }).path
    let missing = try rewritten(url, in: scratch) { $0.path == png ? nil : $0 }
    expectRefused(missing, in: scratch, .missingEntry(png))

    var entries = try readZip(url)
    entries.append(RawEntry(path: "media/extra.jpg", data: Data("x".utf8)))
    let extra = scratch.url("extra.cadence")
    try writeZip(entries, to: extra)
    expectRefused(extra, in: scratch, .unlistedEntry("media/extra.jpg"))
}

@Test(.timeLimit(.minutes(5))) func unsafeNamesDuplicatesAndSymlinks() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    let base = try readZip(url)
    for name in ["../evil.txt", "/etc/evil", "media\\..\\evil.jpg", "media/../../evil", "C:evil"] {
        let hostile = scratch.url("hostile.cadence")
        try writeZip(base + [RawEntry(path: name, data: Data("x".utf8))], to: hostile)
        expectRefused(hostile, in: scratch, .unsafePath(name))
    }
    let duplicate = scratch.url("duplicate.cadence")
    try writeZip(base + [base[1]], to: duplicate)
    expectRefused(duplicate, in: scratch, .duplicateEntry(base[1].path))

    let link = scratch.url("link.cadence")
    try writeZip(base + [RawEntry(path: "media/link.jpg", data: Data("/etc/passwd".utf8), type: .symlink)], to: link)
    expectRefused(link, in: scratch, .symlink("media/link.jpg"))
}

@Test(.timeLimit(.minutes(5))) func manifestPathTraversalIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    var manifest = try PackageReader.open(url)
    let png = manifest.entries.firstIndex { $0.path.hasSuffix(".png") }!
    manifest.entries[png].path = "media/../../escape.png"
    let hostile = scratch.url("hostile.cadence")
    try writeZip(try readZip(url).map { $0.path == "manifest.json" ? RawEntry(path: "manifest.json", data: try manifestData(manifest)) : $0 },
                 to: hostile)
    expectRefused(hostile, in: scratch, .unsafePath("media/../../escape.png"))
}

@Test(.timeLimit(.minutes(5))) func zipBombIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let zeros = Data(count: 50_000_000)
    let path = "media/\(PackageDigest.sha256(zeros)).bin"
    let content = Data("{}".utf8)
    let manifest = PackageManifest(kind: .series, title: "Bomb", createdAt: Date(), generator: "test", languages: [],
                                   entries: [PackageEntry(path: "content.json", sha256: PackageDigest.sha256(content),
                                                          size: 2, role: .content),
                                             PackageEntry(path: path, sha256: PackageDigest.sha256(zeros),
                                                          size: Int64(zeros.count), role: .media)],
                                   encryption: nil)
    let bomb = scratch.url("bomb.cadence")
    try writeZip([RawEntry(path: "content.json", data: content), RawEntry(path: path, data: zeros),
                  RawEntry(path: "manifest.json", data: try manifestData(manifest))], to: bomb)
    expectRefused(bomb, limits: PackageLimits(maxUncompressedBytes: 10_000_000), in: scratch,
                  .tooLarge(limit: 10_000_000))
    expectRefused(bomb, in: scratch, .compressionRatio(path: path, limit: 200))
    expectRefused(bomb, limits: PackageLimits(maxEntries: 2), in: scratch, .tooManyEntries(count: 3, limit: 2))
}

@Test(.timeLimit(.minutes(5))) func stagingFolderMustBeNew() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = try Sample().write(in: scratch)
    try FileManager.default.createDirectory(at: scratch.staging, withIntermediateDirectories: true)
    #expect(packageError { _ = try PackageReader.extract(url, password: nil, into: scratch.staging) }
            == .stagingDirectoryExists(scratch.staging.standardizedFileURL.path))
    #expect(FileManager.default.fileExists(atPath: scratch.staging.path))
}

/// A bomb whose headers lie about its size is stopped while inflating, not after.
@Test(.timeLimit(.minutes(5))) func bombWithLyingHeaderIsStoppedWhileInflating() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = "media/\(String(repeating: "a", count: 64)).bin"
    let content = Data("{}".utf8)
    let manifest = PackageManifest(kind: .series, title: "Liar", createdAt: Date(), generator: "test", languages: [],
                                   entries: [PackageEntry(path: "content.json", sha256: PackageDigest.sha256(content),
                                                          size: 2, role: .content),
                                             PackageEntry(path: path, sha256: String(repeating: "a", count: 64),
                                                          size: 1000, role: .media)],
                                   encryption: nil)
    let bomb = scratch.url("liar.cadence")
    try writeZip([RawEntry(path: "content.json", data: content), RawEntry(path: path, data: Data(count: 50_000_000)),
                  RawEntry(path: "manifest.json", data: try manifestData(manifest))], to: bomb)
    // Rewrite the declared uncompressed size (local header +22, central record +24) to 1000.
    var raw = try Data(contentsOf: bomb)
    let name = Data(path.utf8)
    for (signature, nameOffset, sizeOffset) in [([0x50, 0x4B, 3, 4] as [UInt8], 30, 22), ([0x50, 0x4B, 1, 2], 46, 24)] {
        var from = raw.startIndex
        while let hit = raw.range(of: Data(signature), in: from..<raw.endIndex) {
            from = hit.upperBound
            let start = hit.lowerBound
            guard raw.count > start + nameOffset + name.count,
                  raw[(start + nameOffset)..<(start + nameOffset + name.count)] == name else { continue }
            withUnsafeBytes(of: UInt32(1000).littleEndian) { raw.replaceSubrange((start + sizeOffset)..<(start + sizeOffset + 4), with: $0) }
        }
    }
    try raw.write(to: bomb)
    // The entry is inflated once before ZIPFoundation reads it (SafeZip's EntryDataCheck), so it is caught as the
    // bomb it is (1000× past the ratio cap) before any byte reaches the package reader.
    expectRefused(bomb, in: scratch, .compressionRatio(path: path, limit: PackageLimits().maxCompressionRatio))
}
