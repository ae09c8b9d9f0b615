import Foundation
import Hummingbird
import NIOCore

/// Serves a stored file with single-range support (RFC 9110 §14): videos seek, and large
/// downloads resume. Files are addressed by id and never change, so they cache for long.
public enum RangedFile {
    public static let fileIO = FileIO()

    public static func response(
        path: String, size: Int, contentType: String, etag: String, request: Request, context: some RequestContext
    ) async throws -> Response {
        guard FileManager.default.fileExists(atPath: path) else {
            throw APIError(.notFound, code: "not_found", "The file is missing on the server; upload it again.")
        }
        var headers: HTTPFields = [
            .contentType: contentType, .acceptRanges: "bytes", .eTag: "\"\(etag)\"",
            .cacheControl: "private, max-age=31536000, immutable",
        ]
        if request.headers[.ifNoneMatch] == "\"\(etag)\"" {
            return Response(status: .notModified, headers: headers)
        }
        let requested = request.headers[.range].map { parse($0, size: size) } ?? .whole
        let range: ClosedRange<Int>
        switch requested {
        case .whole:
            headers[.contentLength] = String(size)
            return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: path, context: context))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .part(let part):
            range = part
        }
        headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        headers[.contentLength] = String(range.count)
        return Response(status: .partialContent, headers: headers,
                        body: try await fileIO.loadFile(path: path, range: range, context: context))
    }

    public enum Requested: Equatable {
        case whole
        case part(ClosedRange<Int>)
        case unsatisfiable
    }

    /// `bytes=a-b`, `bytes=a-` or `bytes=-n`. A header this server cannot use (another unit,
    /// several ranges, bad syntax) is ignored and the whole file sent, as RFC 9110 §14.2 allows;
    /// a well-formed range that starts past the end is unsatisfiable (416).
    public static func parse(_ header: String, size: Int) -> Requested {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]) else { return .whole }
            return suffix > 0 && size > 0 ? .part(max(0, size - suffix)...(size - 1)) : .unsatisfiable
        }
        guard let start = Int(parts[0]), start >= 0 else { return .whole }
        guard start < size else { return .unsatisfiable }
        if parts[1].isEmpty { return .part(start...(size - 1)) }
        guard let end = Int(parts[1]), end >= start else { return .whole }
        return .part(start...min(end, size - 1))
    }
}
