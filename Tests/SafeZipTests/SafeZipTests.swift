import Foundation
import SafeZip
import Testing
import ZIPFoundation

/// The checks deck imports and .cadence packages both rely on (their own tests go through them with real files).
@Suite(.timeLimit(.minutes(5)))
struct SafeZipTests {
    private func zip(_ entries: [(String, Data)], compression: CompressionMethod = .deflate) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("safezip-\(UUID().uuidString).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (name, data) in entries {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: compression) {
                position, size in data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    @Test(arguments: ["../etc/passwd", "a/../../b", "/etc/passwd", "C:/Windows/x", "a\\b", "a\u{0}b"])
    func namesThatLeaveTheFolderAreUnsafe(name: String) {
        #expect(!ZipEntryName.isSafe(name))
    }

    @Test(arguments: ["slides/1.png", "ppt/slides/slide1.xml", "a..b/c", "..hidden"])
    func ordinaryNamesAreSafe(name: String) {
        #expect(ZipEntryName.isSafe(name))
    }

    @Test func theDirectoryListsEveryEntryAndACutFileIsTruncated() throws {
        let url = try zip([("one.txt", Data("one".utf8)), ("two.txt", Data("two".utf8))])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ZipDirectory.read(from: url).map(\.name) == ["one.txt", "two.txt"])
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count - 30).write(to: url)
        #expect(throws: ZipDirectory.Failure.truncated) { try ZipDirectory.read(from: url) }
        try Data("not a zip at all".utf8).write(to: url)
        #expect(throws: ZipDirectory.Failure.notAZip) { try ZipDirectory.read(from: url) }
    }

    @Test func aBombStopsAtTheRatioAndAnArchiveAtItsTotal() throws {
        let url = try zip([("zeros.bin", Data(count: 8 << 20)), ("small.txt", Data(repeating: 65, count: 1000))])
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .read)
        let bomb = try #require(archive["zeros.bin"]), small = try #require(archive["small.txt"])

        let strict = InflationMeter(archive: archive, limits: InflationLimits(maxUncompressedBytes: 1 << 30, maxCompressionRatio: 200))
        #expect(throws: InflationMeter.Overrun.ratio(path: "zeros.bin")) { try strict.extract(bomb) { _ in } }
        // Under the floor a file may compress as well as it likes.
        #expect(try strict.extract(small) { _ in } == 1000)

        let small2 = InflationMeter(archive: archive, limits: InflationLimits(maxUncompressedBytes: 1500, maxCompressionRatio: 1e9))
        #expect(try small2.extract(small) { _ in } == 1000)
        #expect(throws: InflationMeter.Overrun.total) { try small2.extract(small) { _ in } }
    }

    /// Found by the `deck` fuzz target: an entry whose deflate stream does not end before the file does made
    /// ZIPFoundation 0.9.20 ask for more bytes for ever (one upload kept a core busy for good). The meter checks the
    /// entry's data first and refuses it at once.
    @Test(.timeLimit(.minutes(5))) func anEntryWhoseDataRunsPastTheEndOfTheFileIsRefusedNotReadForEver() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/deck/hang-deflate-stream-past-the-end.zip")
        let archive = try Archive(url: url, accessMode: .read)
        let meter = InflationMeter(archive: archive, limits: InflationLimits(maxUncompressedBytes: 1 << 30, maxCompressionRatio: 200))
        var refused = 0
        for entry in archive where entry.type == .file {
            do { try meter.extract(entry) { _ in } } catch { refused += 1 }
        }
        #expect(refused >= 1)
    }

    /// A whole, well-formed entry still comes out as it went in, stored or deflated (the check reads it once more).
    @Test func wellFormedEntriesStillComeOutWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("safezip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("whole.zip")
        let text = Data(String(repeating: "Cadence keeps time. ", count: 20_000).utf8)
        let noise = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        let archive = try Archive(url: url, accessMode: .create)
        for (name, bytes, method) in [("text.txt", text, CompressionMethod.deflate), ("noise.bin", noise, .deflate), ("stored.bin", noise, .none)] {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: method,
                                 provider: { position, size in bytes.subdata(in: Int(position)..<Int(position) + size) })
        }
        let reading = try Archive(url: url, accessMode: .read)
        let meter = InflationMeter(archive: reading, limits: InflationLimits(maxUncompressedBytes: 1 << 30, maxCompressionRatio: 200))
        for (name, expected) in [("text.txt", text), ("noise.bin", noise), ("stored.bin", noise)] {
            var out = Data()
            try meter.extract(try #require(reading[name])) { out.append($0) }
            #expect(out == expected, "\(name)")
        }
    }
}
