import CadenceCore
import Foundation

/// Structural checks that catch broken or truncated pictures without decoding pixels
/// (no image library is linked): enough to refuse garbage before it reaches a browser.
enum ImageProbe {
    enum Failure: Error, Equatable {
        case notAnImage, broken(String), tooManyPixels(Int, Int)
    }

    static func probe(file url: URL, maxPixels: Int) throws(Failure) -> ImageInfo {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { throw .broken("unreadable") }
        return try probe(data: data, maxPixels: maxPixels)
    }

    static func probe(data: Data, maxPixels: Int) throws(Failure) -> ImageInfo {
        let bytes = [UInt8](data)
        if bytes.starts(with: pngSignature) { return try png(bytes, maxPixels: maxPixels) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try jpeg(bytes, maxPixels: maxPixels) }
        throw .notAnImage
    }

    /// Maps a probe failure to the user-facing error, naming the picture.
    static func error(_ failure: Failure, name: String, maxPixels: Int) -> DeckImportError {
        switch failure {
        case .notAnImage:
            return DeckImportError(.undecodableImage, "“\(name)” is not a PNG or JPEG picture; export it again as PNG or JPEG.",
                                   key: "stage.error.import.not_a_picture", ["name": name])
        case .broken(let why):
            return DeckImportError(.undecodableImage, "The picture “\(name)” is damaged (\(why)); export it again.",
                                   key: "stage.error.import.picture_damaged", ["name": name, "why": why])
        case .tooManyPixels(let w, let h):
            return DeckImportError(.tooLarge,
                "The picture “\(name)” is \(w)×\(h) pixels; at most \(maxPixels) pixels are accepted. Make it smaller and import again.",
                key: "stage.error.import.picture_too_large", ["name": name, "width": String(w), "height": String(h), "max": String(maxPixels)])
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func png(_ b: [UInt8], maxPixels: Int) throws(Failure) -> ImageInfo {
        // IHDR must be the first chunk: length 13, type, 13 data bytes, CRC.
        guard b.count >= 8 + 25, be32(b, 8) == 13, Array(b[12..<16]) == Array("IHDR".utf8) else {
            throw .broken("no PNG header chunk")
        }
        guard CRC32.checksum(b[12..<29]) == UInt32(be32(b, 29)) else { throw .broken("PNG header checksum mismatch") }
        let width = be32(b, 16), height = be32(b, 20)
        guard width > 0, height > 0 else { throw .broken("zero width or height") }
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            throw .tooManyPixels(width, height)
        }
        // Walk the chunk chain to IEND; a truncated file breaks the chain.
        var position = 8
        var sawData = false
        while position + 12 <= b.count {
            let length = be32(b, position)
            let type = String(decoding: b[(position + 4)..<(position + 8)], as: UTF8.self)
            let next = position + 12 + length
            guard length >= 0, next <= b.count else { throw .broken("truncated \(type) chunk") }
            if type == "IDAT" { sawData = true }
            if type == "IEND" {
                guard sawData else { throw .broken("no image data") }
                return ImageInfo(type: "png", width: width, height: height)
            }
            position = next
        }
        throw .broken("the file ends before the PNG end marker")
    }

    private static func jpeg(_ b: [UInt8], maxPixels: Int) throws(Failure) -> ImageInfo {
        var position = 2
        var size: (Int, Int)?
        while position < b.count {
            guard b[position] == 0xFF else { throw .broken("bad JPEG marker") }
            // Any number of 0xFF fill bytes may precede a marker.
            while position < b.count && b[position] == 0xFF { position += 1 }
            guard position < b.count else { break }
            let marker = b[position]
            position += 1
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 { break }
            guard position + 2 <= b.count else { break }
            let length = Int(b[position]) << 8 | Int(b[position + 1])
            guard length >= 2, position + length <= b.count else { throw .broken("truncated JPEG segment") }
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7 else { throw .broken("short JPEG frame header") }
                let height = Int(b[position + 3]) << 8 | Int(b[position + 4])
                let width = Int(b[position + 5]) << 8 | Int(b[position + 6])
                guard width > 0, height > 0 else { throw .broken("zero width or height") }
                if width * height > maxPixels { throw .tooManyPixels(width, height) }
                size = (width, height)
            }
            if marker == 0xDA {
                guard let (width, height) = size else { throw .broken("image data before the JPEG frame header") }
                // Entropy-coded data never contains FF D9 (FF is stuffed as FF 00), so the end marker
                // must follow; its absence means the file was cut short.
                var k = position + length
                while k + 1 < b.count {
                    if b[k] == 0xFF && b[k + 1] == 0xD9 { return ImageInfo(type: "jpeg", width: width, height: height) }
                    k += 1
                }
                throw .broken("the file ends before the JPEG end marker")
            }
            position += length
        }
        throw .broken(size == nil ? "no JPEG frame header" : "no JPEG image data")
    }
}
