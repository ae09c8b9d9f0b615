import Foundation

/// What the PDF image dictionary needs from a JPEG, read from its frame header (SOF) without
/// decoding: a JPEG is embedded byte for byte (/DCTDecode), so this is all the work it takes.
struct JPEGHeader: Equatable {
    var width: Int
    var height: Int
    /// 1 gray, 3 YCbCr/RGB, 4 CMYK.
    var components: Int
    /// Adobe's APP14 marker: Photoshop writes CMYK JPEGs inverted, which PDF must undo with /Decode.
    var hasAdobeMarker: Bool

    /// Reads markers up to the first baseline/extended/progressive frame header (SOF0/1/2).
    /// Returns nil for anything that is not a JPEG a PDF reader can show (lossless, arithmetic,
    /// 12-bit, truncated files).
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(1 << 20)) // headers sit near the start; thumbnails in EXIF are < 64 KB
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var adobe = false
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue } // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue } // no length
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            let segment = index + 4
            switch marker {
            case 0xEE where length >= 7 && bytes[segment..<segment + 5].elementsEqual(Array("Adobe".utf8)):
                adobe = true
            case 0xC0, 0xC1, 0xC2:
                guard length >= 8, bytes[segment] == 8 else { return nil }
                let height = Int(bytes[segment + 1]) << 8 | Int(bytes[segment + 2])
                let width = Int(bytes[segment + 3]) << 8 | Int(bytes[segment + 4])
                let components = Int(bytes[segment + 5])
                guard width > 0, height > 0, [1, 3, 4].contains(components) else { return nil }
                self.init(width: width, height: height, components: components, hasAdobeMarker: adobe)
                return
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF, 0xD9, 0xDA:
                return nil // lossless / hierarchical / arithmetic, or image data before any frame
            default:
                break
            }
            index += 2 + length
        }
        return nil
    }

    init(width: Int, height: Int, components: Int, hasAdobeMarker: Bool) {
        self.width = width
        self.height = height
        self.components = components
        self.hasAdobeMarker = hasAdobeMarker
    }
}
