import Foundation
import Hummingbird
import Media
import NIOCore

/// Serves a stored file with single-range support (RFC 9110 §14): videos seek, and large
/// downloads resume. Files are addressed by id and never change, so they cache for long.
/// From a media directory the kernel's file I/O sends it; from the database it streams a
/// megabyte at a time.
public enum RangedFile {
    public static let fileIO = FileIO()

    /// A file in the media store.
    public static func response(
        media: any MediaStore, key: MediaKey, size: Int, contentType: String, etag: String, request: Request, context: some RequestContext
    ) async throws -> Response {
        if let path = media.localPath(key) {
            return try await response(path: path, size: size, contentType: contentType, etag: etag, request: request, context: context)
        }
        guard let file = try await media.opened(key) else { throw missing }
        return try await response(size: size, contentType: contentType, etag: etag, request: request) { range in
            ResponseBody(contentLength: range?.count ?? size) { writer in
                try await file.read(range: range.map { Int64($0.lowerBound)...Int64($0.upperBound) }) { try await writer.write($0) }
                try await writer.finish(nil)
            }
        }
    }

    /// A file on this machine (a media directory, the catalogue folder).
    public static func response(
        path: String, size: Int, contentType: String, etag: String, request: Request, context: some RequestContext
    ) async throws -> Response {
        guard FileManager.default.fileExists(atPath: path) else { throw missing }
        return try await response(size: size, contentType: contentType, etag: etag, request: request) { range in
            if let range { try await fileIO.loadFile(path: path, range: range, context: context) }
            else { try await fileIO.loadFile(path: path, context: context) }
        }
    }

    static let missing = APIError(.notFound, code: "not_found", "The file is missing on the server; upload it again.", key: "error.file_missing")

    /// Status and headers for the request's range (or the whole file, 304, 416), the body from `body`.
    static func response(size: Int, contentType: String, etag: String, request: Request,
                         body: (ClosedRange<Int>?) async throws -> ResponseBody) async throws -> Response {
        var headers: HTTPFields = [
            .contentType: contentType, .acceptRanges: "bytes", .eTag: "\"\(etag)\"",
            .cacheControl: "private, max-age=31536000, immutable",
        ]
        if request.headers[.ifNoneMatch] == "\"\(etag)\"" {
            return Response(status: .notModified, headers: headers)
        }
        switch request.headers[.range].map({ parse($0, size: size) }) ?? .whole {
        case .whole:
            headers[.contentLength] = String(size)
            return Response(status: .ok, headers: headers, body: try await body(nil))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            headers[.contentLength] = String(part.count)
            return Response(status: .partialContent, headers: headers, body: try await body(part))
        }
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
