import Foundation

/// A PNG split into the parts the PDF writer uses: the IHDR facts, the palette and
/// transparency chunks, and the concatenated IDAT data (one zlib stream).
struct PNGFile {
    var width: Int
    var height: Int
    var bitDepth: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGB+alpha.
    var colorType: Int
    var interlaced: Bool
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var idat: [UInt8] = []

    /// Samples per pixel for the colour type.
    var channels: Int {
        switch colorType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    /// The IDAT stream can go into the PDF untouched: PDF's Flate filter with the PNG
    /// predictors (/Predictor 15) undoes exactly PNG's per-row filters.
    var canPassThrough: Bool { bitDepth == 8 && (colorType == 0 || colorType == 2) && !interlaced }

    /// Parses chunks; CRCs are not checked (a damaged picture shows damaged, not as an error).
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 33, bytes.prefix(8).elementsEqual(signature) else { return nil }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        guard bytes[12...15].elementsEqual(Array("IHDR".utf8)) else { return nil }
        width = u32(16)
        height = u32(20)
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
        interlaced = bytes[28] == 1
        let validDepths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard width > 0, height > 0, width < 1 << 16, height < 1 << 16,
              validDepths[colorType]?.contains(bitDepth) == true else { return nil }
        var index = 8
        while index + 8 <= bytes.count {
            let length = u32(index)
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            let start = index + 8
            guard length >= 0, start + length <= bytes.count else { break }
            switch type {
            case "PLTE": palette = Array(bytes[start..<start + length])
            case "tRNS": transparency = Array(bytes[start..<start + length])
            case "IDAT": idat.append(contentsOf: bytes[start..<start + length])
            case "IEND": index = bytes.count
            default: break
            }
            index = start + length + 4
        }
        guard !idat.isEmpty, colorType != 3 || !palette.isEmpty else { return nil }
    }
}
