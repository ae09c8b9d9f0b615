import Foundation
import ZIPFoundation
@testable import StagePackage

/// A fresh temporary folder per test, removed by the caller.
struct Scratch {
    let root: URL
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stagepackage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }
    func url(_ name: String) -> URL { root.appendingPathComponent(name) }
    var staging: URL { root.appendingPathComponent("staging") }
    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Cheap scrypt so tests stay fast; the recommended cost is exercised in one test only.
let fastKDF = KDFParameters(n: 1 << 10, r: 8, p: 1)

func randomData(_ count: Int) -> Data {
    FileHandle(forReadingAtPath: "/dev/urandom")!.readData(ofLength: count)
}

struct Sample {
    let content = Data(#"{"series":"Hope","talks":[{"title":"One","slides":["cover.jpg","intro.png"]}]}"#.utf8)
    let cover: Data = randomData(2_500_000)   // spans three 1 MiB encryption chunks
    let intro: Data = randomData(100_000)
    let info = PackageInfo(title: "Hope", languages: ["en", "es"], createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    /// Writes the sample: `cover.jpg` from memory, `intro.png` from a file, `again.jpg` a duplicate of cover.
    @discardableResult
    func write(in scratch: Scratch, password: String? = nil, name: String = "hope.cadence") throws -> URL {
        let introURL = scratch.url("intro.png")
        try intro.write(to: introURL)
        let url = scratch.url(name)
        try PackageWriter.write(info, content: content,
                                media: [PackageMedia(name: "cover.jpg", data: cover),
                                        PackageMedia(name: "intro.png", fileURL: introURL),
                                        PackageMedia(name: "again.jpg", data: cover)],
                                password: password, to: url, kdfParameters: fastKDF)
        return url
    }
}

/// An entry to put in a hand-made ZIP.
struct RawEntry {
    var path: String
    var data: Data
    var method: CompressionMethod = .deflate
    var type: Entry.EntryType = .file
}

/// Writes a ZIP entry by entry, exactly as given (no checks), to build hostile packages.
func writeZip(_ entries: [RawEntry], to url: URL) throws {
    try? FileManager.default.removeItem(at: url)
    let archive = try Archive(url: url, accessMode: .create)
    for entry in entries {
        let data = entry.data
        try archive.addEntry(with: entry.path, type: entry.type, uncompressedSize: Int64(data.count),
                             compressionMethod: entry.method) { position, size in
            data.subdata(in: Int(position) ..< Int(position) + size)
        }
    }
}

/// Every entry of an existing ZIP, in order, with its bytes (test-only: loads them in memory).
func readZip(_ url: URL) throws -> [RawEntry] {
    let archive = try Archive(url: url, accessMode: .read)
    return try archive.map { entry in
        var data = Data()
        _ = try archive.extract(entry) { data.append($0) }
        return RawEntry(path: entry.path, data: data, method: entry.isCompressed ? .deflate : .none, type: entry.type)
    }
}

func manifestData(_ manifest: PackageManifest) throws -> Data { try ManifestCoding.encode(manifest) }

/// Runs `body`, returning the PackageError it throws (nil if none or another type).
func packageError(_ body: () throws -> Void) -> PackageError? {
    do { try body() } catch let error as PackageError { return error } catch { return nil }
    return nil
}
