import Foundation
import Testing
import TestSupport
@testable import Stage

@Suite(.timeLimit(.minutes(5))) struct PictureTests {
    @Test func jpegFrameHeaderGivesSizeAndComponents() {
        // SOI, APP0 stub, SOF0 (8-bit, 40 high, 300 wide, 3 components), EOI.
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,
                              0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x28, 0x01, 0x2C, 0x03,
                              1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
        #expect(JPEGHeader(Data(bytes)) == JPEGHeader(width: 300, height: 40, components: 3, hasAdobeMarker: false))
        #expect(JPEGHeader(Data([0x89, 0x50])) == nil)
        // Progressive (SOF2) CMYK after an Adobe APP14 marker: inverted CMYK needs /Decode.
        let cmyk: [UInt8] = [0xFF, 0xD8, 0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 2]
            + [0xFF, 0xC2, 0x00, 0x14, 0x08, 0x00, 0x10, 0x00, 0x20, 0x04, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0]
        #expect(JPEGHeader(Data(cmyk)) == JPEGHeader(width: 32, height: 16, components: 4, hasAdobeMarker: true))
        guard case .image(let image) = PDFImage.make(from: .jpeg(Data(cmyk))) else { Issue.record("CMYK not embedded"); return }
        #expect(image.dictionary.contains("/DeviceCMYK") && image.dictionary.contains("/Decode [1 0 1 0 1 0 1 0]"))
    }

    @Test(.enabled(if: RequiredTools.runs(Fixtures.hasFFmpeg), "ffmpeg is not installed; skipping the real-JPEG header test"))
    func realJPEGsParse() throws {
        let color = try #require(Fixtures.jpeg(width: 320, height: 180))
        #expect(JPEGHeader(color) == JPEGHeader(width: 320, height: 180, components: 3, hasAdobeMarker: false))
    }

    @Test func rgbPNGPassesThroughWithPredictor() throws {
        let png = try #require(PNGFile(Fixtures.gradientPNG()))
        #expect(png.width == 64 && png.height == 36 && png.canPassThrough)
        guard case .image(let image) = PDFImage.make(from: .png(Fixtures.gradientPNG())) else {
            Issue.record("PNG did not embed"); return
        }
        #expect(image.dictionary.contains("/Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 64"))
        #expect(image.data == png.idat)
    }

    @Test func alphaPNGIsFlattenedOntoWhite() throws {
        // Red at half opacity over white becomes pink.
        let data = Fixtures.png(width: 4, height: 2, colorType: 6) { _, _ in [255, 0, 0, 128] }
        let png = try #require(PNGFile(data))
        #expect(!png.canPassThrough)
        let pixels = try #require(PNGDecoder.decode(png))
        #expect(pixels.colors == 3 && pixels.samples.count == 24)
        #expect(Array(pixels.samples.prefix(3)) == [255, 127, 127])
        guard case .image(let image) = PDFImage.make(from: .png(data)) else { Issue.record("not embedded"); return }
        #expect(try Zlib.inflate(image.data, limit: 100) == pixels.samples)
    }

    @Test func deflateRoundTripsThroughInflate() throws {
        var input: [UInt8] = Array(String(repeating: "Canción — señal. ", count: 300).utf8)
        var seed: UInt32 = 7
        for _ in 0..<5000 {
            seed = seed &* 1_103_515_245 &+ 12345
            input.append(UInt8(seed >> 24))
        }
        let compressed = Zlib.deflate(input)
        #expect(compressed.count < input.count)
        #expect(try Zlib.inflate(compressed, limit: input.count) == input)
        #expect(try Zlib.inflate(Fixtures.storedZlib(input), limit: input.count) == input)
    }

    @Test func unreadablePicturesBecomeMissingBoxes() {
        guard case .missing = PDFImage.make(from: .png(Data("not a png".utf8))) else { Issue.record("expected missing"); return }
        guard case .missing = PDFImage.make(from: .jpeg(Data([0xFF, 0xD8]))) else { Issue.record("expected missing"); return }
    }
}
