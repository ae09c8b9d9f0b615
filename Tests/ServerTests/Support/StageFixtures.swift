import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport

/// Test files for Stage imports, made in memory (no binaries committed, no extra dependency):
/// PNGs (TestSupport) and ZIPs with stored (uncompressed) data, and a one-page PDF.
enum StageFixtures {
    /// A valid RGB PNG (TestSupport's).
    static func png(width: Int, height: Int) -> Data { TestImages.rgbPNG(width: width, height: height) }

    /// A ZIP whose entries are stored uncompressed, written by hand.
    static func zip(_ entries: [(path: String, data: Data)]) -> Data {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for (path, data) in entries {
            let name = Array(path.utf8), bytes = [UInt8](data)
            let crc = TestCRC32.checksum(bytes), size = UInt32(bytes.count), offset = UInt32(out.count)
            // Local header: version 20, no flags, stored, no time, CRC, sizes, name length, no extra.
            out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            out += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + bytes
            central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0)
            central += le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let centralOffset = UInt32(out.count)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return Data(out)
    }

    /// A PDF with one line of text per page (Helvetica) and correct xref offsets.
    static func pdf(pages: [String]) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kids = pages.indices.map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for (index, text) in pages.enumerated() {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * index) 0 R >>")
            let stream = "BT /F1 18 Tf 40 150 Td (\(text)) Tj ET"
            objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
        }
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    private static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}

/// Stage requests a client makes, so each test reads as what the person does.
extension TestClientProtocol {
    /// The demo series' id and its talk's id, opening Stage for the account on the way.
    func stageDemo(token: String) async throws -> (seriesID: String, talkID: String) {
        let series = try await json(.get, "/api/v1/stage/series", token: token).array
        guard let demo = series.first(where: { $0["isDemo"] as? Bool == true }), let seriesID = demo["id"] as? String else {
            throw TestFailure("no demo series in \(series)")
        }
        let detail = try await json(.get, "/api/v1/stage/series/\(seriesID)", token: token).object
        guard let talkID = (detail["talks"] as? [[String: Any]])?.first?["id"] as? String else {
            throw TestFailure("the demo series has no talk: \(detail)")
        }
        return (seriesID, talkID)
    }

    /// The presented slides of a talk, as the presenter loads them.
    func stageDeck(_ talkID: String, token: String) async throws -> [[String: Any]] {
        let response = try await json(.get, "/api/v1/stage/talks/\(talkID)/deck", token: token)
        guard response.status == .ok else { throw TestFailure("deck: \(response.status) \(response.text)") }
        return response.object["slides"] as? [[String: Any]] ?? []
    }

    /// Uploads a file as an import (the raw bytes as the body).
    func stageUpload(_ data: Data, query: String, token: String, contentType: String = "application/octet-stream") async throws -> TestResponse {
        try await execute(uri: "/api/v1/stage/imports?\(query)", method: .post,
                          headers: [.contentType: contentType, .authorization: "Bearer \(token)"],
                          body: ByteBuffer(bytes: data))
    }

    /// Polls an import until it is no longer running (or fails the test after `seconds`).
    func stageImportResult(_ id: String, token: String, seconds: Double = 30) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let job = try await json(.get, "/api/v1/stage/imports/\(id)", token: token)
            guard job.status == .ok else { throw TestFailure("import \(id): \(job.status) \(job.text)") }
            if job.object["state"] as? String != "running" { return job.object }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the import \(id) was still running after \(seconds) s")
    }

    /// Uploads and waits for the end of the import.
    func stageImport(_ data: Data, query: String, token: String) async throws -> [String: Any] {
        let started = try await stageUpload(data, query: query, token: token)
        guard started.status == .accepted, let id = started.object["id"] as? String else {
            throw TestFailure("import refused: \(started.status) \(started.text)")
        }
        return try await stageImportResult(id, token: token)
    }
}

/// The asset id at the end of a media URL such as /api/v1/stage/assets/<id>.
func assetID(_ url: Any?) -> String? {
    (url as? String)?.split(separator: "/").last.map(String.init)
}

/// Files under a folder, recursively (relative names).
func filesUnder(_ folder: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    return enumerator.compactMap { item in
        guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return nil }
        return url.lastPathComponent
    }
}
