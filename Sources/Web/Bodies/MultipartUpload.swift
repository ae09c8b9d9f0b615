import CadenceCore
import Foundation
import Hummingbird
import MultipartGuard
import MultipartKit
import NIOCore

/// A `multipart/form-data` upload (RFC 7578) read as it arrives with multipart-kit's streaming parser: each file
/// part goes straight to a file of its own in a folder the caller owns, so a 200 MiB song is never held in memory;
/// the small text fields beside them are kept as strings. The whole body is bounded.
public struct MultipartUpload {
    public struct FilePart {
        /// The form field ("file").
        public let name: String
        /// The name the client gave the file.
        public let filename: String
        public let contentType: String?
        /// Where its bytes are, in the caller's folder.
        public let url: URL
        public let byteCount: Int
    }

    public let files: [FilePart]
    public let fields: [String: String]

    /// A text field longer than this is refused (they carry names and choices, not content).
    static let maximumFieldBytes = 64 << 10

    /// Whether the body is a `multipart/form-data` form (else the caller reads it as the raw file).
    public static func isForm(_ request: Request) -> Bool {
        (request.headers[.contentType] ?? "").lowercased().hasPrefix("multipart/form-data")
    }

    /// The boundary from a Content-Type such as `multipart/form-data; boundary=----x`.
    static func boundary(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 70 ? nil : value
            }
        }
        return nil
    }

    /// Reads the body into `folder` (created if need be). Answers 413 past `limit` bytes and 400 naming `field`
    /// for a body that is not a readable form (no boundary, cut short, a part without a name).
    public static func receive(_ request: Request, limit: Int, into folder: URL, field: String) async throws -> MultipartUpload {
        guard let boundary = boundary(fromContentType: request.headers[.contentType] ?? "") else {
            throw APIError.invalid(field: field, "The multipart body has no boundary.",
                                     localized: MessageKey("body.error.no_boundary"))
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw JSONBody.tooLarge(limit: limit) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let reader = PartReader(folder: folder)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in reader.header(name, value) }
        parser.onBody = { buffer in reader.body(&buffer) }
        parser.onPartComplete = { reader.complete() }
        var received = 0
        var headerNames = MultipartHeaderNames(boundary: boundary)
        do {
            for try await buffer in request.body {
                received += buffer.readableBytes
                guard received <= limit else { throw JSONBody.tooLarge(limit: limit) }
                do { try headerNames.check(buffer) } catch {
                    throw APIError.invalid(field: field, "A part's header name holds a character that is not ASCII.",
                                           localized: MessageKey("body.error.header_name"))
                }
                try parser.execute(buffer)
                if let failure = reader.failure { throw APIError.invalid(field: field, "The upload is not a readable form: \(failure).",
                                                                            localized: MessageKey("body.error.unreadable_form")) }
            }
        } catch {
            reader.abandon()
            if error is APIError { throw error }
            throw APIError.invalid(field: field, "The upload is not a readable form (\(error)).",
                                   localized: MessageKey("body.error.unreadable_form"))
        }
        reader.abandon()  // a part still open was cut short
        if reader.cutShort { throw APIError.invalid(field: field, "The upload ended in the middle of a part; send it again.",
                                                                   localized: MessageKey("body.error.cut_short")) }
        return MultipartUpload(files: reader.files, fields: reader.fields)
    }
}

/// The parser's callbacks: headers of the part being read, then its bytes to a file (a file part) or a string.
private final class PartReader {
    let folder: URL
    var files: [MultipartUpload.FilePart] = []
    var fields: [String: String] = [:]
    var failure: String?
    var cutShort = false

    private var headers: [String: String] = [:]
    private var handle: FileHandle?
    private var url: URL?
    private var count = 0
    private var text = Data()
    private var started = false

    init(folder: URL) { self.folder = folder }

    func header(_ name: String, _ value: String) {
        headers[name.lowercased()] = value
    }

    func body(_ buffer: inout ByteBuffer) {
        guard failure == nil else { return }
        if !started { start() }
        guard failure == nil else { return }
        let bytes = buffer.readableBytesView
        count += bytes.count
        if let handle {
            do { try handle.write(contentsOf: bytes) } catch { failure = "the server could not store it (\(error))" }
        } else if text.count + bytes.count > MultipartUpload.maximumFieldBytes {
            failure = "a text field is longer than \(MultipartUpload.maximumFieldBytes) bytes"
        } else {
            text.append(contentsOf: bytes)
        }
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
    }

    func complete() {
        if !started { start() }  // an empty part: no body callback came
        defer { reset() }
        guard failure == nil, let name = Self.parameter("name", in: headers["content-disposition"] ?? "") else {
            if failure == nil { failure = "a part has no name" }
            return
        }
        if let handle, let url {
            try? handle.close()
            files.append(.init(name: name, filename: Self.parameter("filename", in: headers["content-disposition"] ?? "") ?? "upload",
                               contentType: headers["content-type"], url: url, byteCount: count))
        } else {
            fields[name] = String(decoding: text, as: UTF8.self)
        }
    }

    /// Closes a part left open when the body ended.
    func abandon() {
        if started || !headers.isEmpty {
            cutShort = true
            try? handle?.close()
            reset()
        }
    }

    private func start() {
        started = true
        // A part with a file name is a file, whatever its size; the rest are text fields.
        guard Self.parameter("filename", in: headers["content-disposition"] ?? "") != nil else { return }
        let url = folder.appendingPathComponent("part-\(files.count)-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
            failure = "the server could not store it"
            return
        }
        self.url = url
        self.handle = handle
    }

    private func reset() {
        headers = [:]
        handle = nil
        url = nil
        count = 0
        text = Data()
        started = false
    }

    /// A parameter of a header value: `form-data; name="file"; filename="a b.mp3"`.
    static func parameter(_ key: String, in value: String) -> String? {
        for piece in value.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
            return text.replacingOccurrences(of: "\\\"", with: "\"")
        }
        return nil
    }
}
