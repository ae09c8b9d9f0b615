import Foundation

/// A slide picture ready to become an image XObject, or the reason it cannot.
struct PDFImage {
    var width: Int
    var height: Int
    /// Everything in the stream dictionary except /Length.
    var dictionary: String
    var data: [UInt8]

    enum Outcome {
        case image(PDFImage)
        case missing(String)
    }

    /// JPEGs and 8-bit gray/RGB PNGs go in untouched (the fast, lossless path); other PNGs
    /// are decoded and re-compressed; anything unreadable becomes a grey box with a reason.
    static func make(from picture: HandoutPicture) -> Outcome {
        switch picture {
        case .missing(let reason):
            return .missing(reason)
        case .jpeg(let data):
            guard let header = JPEGHeader(data) else { return .missing("picture could not be read") }
            let space = header.components == 1 ? "/DeviceGray" : header.components == 3 ? "/DeviceRGB" : "/DeviceCMYK"
            let decode = header.components == 4 && header.hasAdobeMarker ? " /Decode [1 0 1 0 1 0 1 0]" : ""
            return .image(PDFImage(
                width: header.width, height: header.height,
                dictionary: "/Type /XObject /Subtype /Image /Width \(header.width) /Height \(header.height) "
                    + "/ColorSpace \(space) /BitsPerComponent 8\(decode) /Filter /DCTDecode",
                data: [UInt8](data)))
        case .png(let data):
            guard let png = PNGFile(data) else { return .missing("picture could not be read") }
            if png.canPassThrough {
                let colors = png.channels
                return .image(PDFImage(
                    width: png.width, height: png.height,
                    dictionary: "/Type /XObject /Subtype /Image /Width \(png.width) /Height \(png.height) "
                        + "/ColorSpace \(colors == 1 ? "/DeviceGray" : "/DeviceRGB") /BitsPerComponent 8 /Filter /FlateDecode "
                        + "/DecodeParms << /Predictor 15 /Colors \(colors) /BitsPerComponent 8 /Columns \(png.width) >>",
                    data: png.idat))
            }
            guard let pixels = PNGDecoder.decode(png) else { return .missing("picture could not be read") }
            return .image(PDFImage(
                width: pixels.width, height: pixels.height,
                dictionary: "/Type /XObject /Subtype /Image /Width \(pixels.width) /Height \(pixels.height) "
                    + "/ColorSpace \(pixels.colors == 1 ? "/DeviceGray" : "/DeviceRGB") /BitsPerComponent 8 /Filter /FlateDecode",
                data: Zlib.deflate(pixels.samples)))
        }
    }
}

extension HandoutPicture {
    /// Whether the handout can draw this picture (its header read, and a PNG that cannot go in as it is decoded):
    /// false means a grey box with a reason. Pictures come from uploaded packages, so this runs on a stranger's bytes.
    public var canBeDrawn: Bool {
        if case .image = PDFImage.make(from: self) { return true }
        return false
    }
}
