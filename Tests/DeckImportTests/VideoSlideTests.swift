import Foundation
import Testing
@testable import DeckImport

/// A ZIP may carry videos beside its pictures: each becomes a video slide, with its length read from the MP4 header.
@Suite(.timeLimit(.minutes(5))) struct VideoSlideTests {
    let importer = DeckImporter(tools: ExternalTools())

    /// The smallest ISO base media file the probe reads: `ftyp`, then `moov` holding a version-0 `mvhd`.
    static func mp4(timescale: UInt32, duration: UInt32, largeHeader: Bool = false) -> Data {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(UInt32(8 + body.count)) + Array(type.utf8) + body }
        let mvhd = box("mvhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(timescale) + be32(duration) + [UInt8](repeating: 0, count: 80))
        let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isomiso2mp41".utf8))
        let free = box("free", [UInt8](repeating: 0, count: 16))
        return Data(ftyp + free + box("moov", mvhd))
    }

    @Test func videosBecomeSlidesInOrderWithTheirLength() async throws {
        let dir = Fixtures.temporaryDirectory("video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([
            .init(path: "2 appeal.mp4", data: Self.mp4(timescale: 600, duration: 49_800)),
            .init(path: "1 welcome.png", data: Fixtures.png(width: 4, height: 3)),
            .init(path: "3 closing.webm", data: Data([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84] + Array("webm".utf8))),
        ], in: dir)
        let deck = try await importer.importDeck(fileURL: zip, filename: "videos.zip", workDirectory: dir.appendingPathComponent("work"))
        #expect(deck.slides.map(\.imageType) == ["png", "mp4", "webm"])
        #expect(deck.slides.map(\.isVideo) == [false, true, true])
        #expect(deck.slides[1].durationMs == 83_000)
        #expect(deck.slides[2].durationMs == nil)
    }

    @Test func aFileNamedMP4ThatIsNotAVideoIsRefusedByName() async throws {
        let dir = Fixtures.temporaryDirectory("video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let zip = Fixtures.zip([.init(path: "clip.mp4", data: Data("not a video at all".utf8))], in: dir)
        let error = await expectImportError(.undecodableImage) {
            _ = try await importer.importDeck(fileURL: zip, filename: "bad.zip", workDirectory: dir.appendingPathComponent("work"))
        }
        #expect(error?.message.contains("clip.mp4") == true)
    }
}
