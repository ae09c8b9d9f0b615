import Foundation
import MultipartGuard
import MultipartKit
import NIOCore
import Stage

extension FuzzTargets {
    /// An upload's body as the server reads one: the header-name guard first, then multipart-kit's parser on each
    /// piece the guard let through (a trap in the parser stops the server, which is what the guard is for).
    /// The input's first line is the boundary, as a Content-Type could carry it (1–70 characters, any UTF-8); the
    /// rest is the body, fed in pieces whose size comes from the boundary's length, so the fuzzer tries the bytes
    /// split at every place a network read could split them.
    @Sendable static func multipart(_ data: Data) {
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
              let boundary = String(validating: bytes[..<newline], as: UTF8.self), (1...70).contains(boundary.count) else { return }
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { _, _ in }
        parser.onBody = { _ in }
        parser.onPartComplete = {}
        var headerNames = MultipartHeaderNames(boundary: boundary)
        let pieceSize = [1, 2, 3, 7, 64, 4096][newline % 6]
        var body = bytes[(newline + 1)...]
        while !body.isEmpty {
            let piece = ByteBuffer(bytes: body.prefix(pieceSize))
            body = body.dropFirst(pieceSize)
            do {
                try headerNames.check(piece)
                try parser.execute(piece)
            } catch { return }
        }
    }

    /// A slide picture in an uploaded package, as the handout reads it (PNG by its signature, else JPEG).
    @Sendable static func picture(_ data: Data) {
        let isPNG = data.starts(with: [0x89, 0x50, 0x4E, 0x47])
        _ = (isPNG ? HandoutPicture.png(data) : .jpeg(data)).canBeDrawn
    }
}
