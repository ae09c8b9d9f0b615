import CadenceCore
import Foundation
import Hummingbird

/// A raw upload (the body is the file) written to disk as it arrives, never held whole in memory.
public enum UploadedBody {
    /// Writes the body to `file`; 413 past `limit` bytes, 400 naming `field` when it is empty.
    public static func save(_ request: Request, to file: URL, limit: Int, field: String = "file") async throws {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw JSONBody.tooLarge(limit: limit)
        }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw APIError(.internalServerError, code: "storage_failed", "The server could not store the upload.", key: "body.error.storage_failed")
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var received = 0
        for try await buffer in request.body {
            received += buffer.readableBytes
            guard received <= limit else { throw JSONBody.tooLarge(limit: limit) }
            try handle.write(contentsOf: buffer.readableBytesView)
        }
        guard received > 0 else { throw APIError.invalid(field: field, "The upload is empty: send the file's bytes as the body.",
                                                              localized: MessageKey("body.error.empty_upload")) }
    }
}
