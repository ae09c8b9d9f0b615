import Foundation
import Hummingbird
import NIOCore

/// Serves a stored file with single-range support (RFC 9110 §14): videos seek, and large
/// downloads resume. Files are addressed by id and never change, so they cache for long.
enum RangedFile {
    static let fileIO = FileIO()

    static func response(
        path: String, size: Int, contentType: String, etag: String, request: Request, context: AppContext
    ) async throws -> Response {
        var headers: HTTPFields = [
            .contentType: contentType, .acceptRanges: "bytes", .eTag: "\"\(etag)\"",
            .cacheControl: "private, max-age=31536000, immutable",
        ]
        if request.headers[.ifNoneMatch] == "\"\(etag)\"" {
            return Response(status: .notModified, headers: headers)
        }
        guard let rangeHeader = request.headers[.range] else {
            headers[.contentLength] = String(size)
            return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: path, context: context))
        }
        guard let range = parse(rangeHeader, size: size) else {
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        headers[.contentLength] = String(range.count)
        return Response(status: .partialContent, headers: headers,
                        body: try await fileIO.loadFile(path: path, range: range, context: context))
    }

    /// `bytes=a-b`, `bytes=a-` or `bytes=-n`; nil when unsatisfiable or malformed (several ranges are answered whole: nil too).
    static func parse(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard size > 0, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        }
        guard let start = Int(parts[0]), start >= 0, start < size else { return nil }
        if parts[1].isEmpty { return start...(size - 1) }
        guard let end = Int(parts[1]), end >= start else { return nil }
        return start...min(end, size - 1)
    }
}
