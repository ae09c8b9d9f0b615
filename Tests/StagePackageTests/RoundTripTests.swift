import Foundation
import Testing
import ZIPFoundation
@testable import StagePackage

@Test(.timeLimit(.minutes(5))) func roundTripWithoutPassword() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let sample = Sample()
    let url = try sample.write(in: scratch)

    let manifest = try PackageReader.open(url)
    #expect(manifest.format == "cadence-package" && manifest.version == 1 && manifest.kind == .series)
    #expect(manifest.title == "Hope" && manifest.languages == ["en", "es"] && manifest.encryption == nil)
    #expect(manifest.entries.count == 3)   // content + two media (cover deduplicated)
    try PackageReader.verify(url)

    let extracted = try PackageReader.extract(url, password: nil, into: scratch.staging)
    #expect(extracted.content == sample.content)
    #expect(try Data(contentsOf: #require(extracted.media["cover.jpg"])) == sample.cover)
    #expect(try Data(contentsOf: #require(extracted.media["again.jpg"])) == sample.cover)
    #expect(try Data(contentsOf: #require(extracted.media["intro.png"])) == sample.intro)
    #expect(extracted.media["cover.jpg"]?.lastPathComponent == PackageDigest.sha256(sample.cover) + ".jpg")

    // Already-compressed media is stored; JSON is deflated.
    let archive = try Archive(url: url, accessMode: .read)
    #expect(archive.first { $0.path.hasSuffix(".jpg") }?.isCompressed == false)
    #expect(archive["content.json"]?.isCompressed == true)
}

@Test(.timeLimit(.minutes(5))) func roundTripWithPassword() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let sample = Sample()
    let url = try sample.write(in: scratch, password: "Psalm 23 ✝︎")

    let manifest = try PackageReader.open(url)
    #expect(manifest.encryption?.algorithm == "AES-256-GCM" && manifest.encryption?.kdf == "scrypt")
    try PackageReader.verify(url)                             // stored form, no password
    try PackageReader.verify(url, password: "Psalm 23 ✝︎")    // plus tags and plaintext

    let extracted = try PackageReader.extract(url, password: "Psalm 23 ✝︎", into: scratch.staging)
    #expect(extracted.content == sample.content)
    #expect(try Data(contentsOf: #require(extracted.media["cover.jpg"])) == sample.cover)
    #expect(try Data(contentsOf: #require(extracted.media["intro.png"])) == sample.intro)

    // Nothing in the ZIP is plaintext except the manifest.
    let raw = try Data(contentsOf: url)
    #expect(raw.range(of: sample.content) == nil)
    #expect(raw.range(of: sample.intro.prefix(64)) == nil)
}

@Test(.timeLimit(.minutes(5))) func emptyContentAndEmptyMediaRoundTripEncrypted() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let url = scratch.url("empty.cadence")
    try PackageWriter.write(PackageInfo(kind: .variation, title: "Empty", languages: []), content: Data(),
                            media: [PackageMedia(name: "blank.txt", data: Data())], password: "pw", to: url,
                            kdfParameters: fastKDF)
    let extracted = try PackageReader.extract(url, password: "pw", into: scratch.staging)
    #expect(extracted.content.isEmpty)
    #expect(extracted.manifest.kind == .variation)
    #expect(try Data(contentsOf: #require(extracted.media["blank.txt"])).isEmpty)
}

@Test(.timeLimit(.minutes(5))) func digestStreamsAFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try Data("abc".utf8).write(to: scratch.url("abc"))
    #expect(try PackageDigest.sha256(scratch.url("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
}

/// Exports use OWASP's scrypt cost (about 0.3–0.6 s per key in a release build here; deriving
/// it in a debug build takes seconds, so the other tests use a lower one).
@Test(.timeLimit(.minutes(5))) func exportsUseTheRecommendedScryptCost() {
    #expect(KDFParameters.recommended == KDFParameters(n: 1 << 17, r: 8, p: 1))
}
