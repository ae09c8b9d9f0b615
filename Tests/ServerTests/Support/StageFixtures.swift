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

    static func zip(_ entries: [(path: String, data: Data)]) -> Data { TestDocuments.storedZip(entries) }

    static func pdf(pages: [String]) -> Data { TestDocuments.pdf(pages: pages) }
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
    func stageImportResult(_ id: String, token: String, seconds: Double = 120) async throws -> [String: Any] {
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
