import Foundation
import Testing
import TestSupport
@testable import Stage

/// The font files handouts embed, read and cut down through HarfBuzz.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(Fixtures.hasDejaVu), "fonts-dejavu-core not installed"))
struct OpenTypeFontTests {
    static var dejaVu: Data { FileManager.default.contents(atPath: Fixtures.dejaVuDirectory + "DejaVuSans.ttf") ?? Data() }

    @Test func readsDejaVuSans() throws {
        let font = try OpenTypeFont(bytes: Self.dejaVu)
        #expect(font.unitsPerEm == 2048)
        #expect(font.postScriptName == "DejaVuSans")
        #expect(font.has("A") && font.has("Ω") && font.has("ب"))
        #expect(!font.has("你"))
        #expect(font.advance(of: font.glyph(for: " ")) == 651)
        #expect(!font.hasPostScriptOutlines && !font.isBold && font.italicAngle == 0)
        #expect(font.boundingBox.count == 4 && font.ascent > 0 && font.descent < 0)
    }

    @Test func aSubsetKeepsTheWidthsAndOutlinesOfTheGlyphsUsed() throws {
        let font = try OpenTypeFont(bytes: Self.dejaVu)
        let text = "Hello Καλημέρα Ǻé"
        let glyphs = Set(text.unicodeScalars.map { font.glyph(for: $0) })
        let subset = try #require(FontSubset(font, keeping: glyphs))
        let reread = try OpenTypeFont(bytes: Data(subset.bytes))
        // Ǻ is a composite (A, ring, acute): its parts come along, and nothing else does.
        #expect(reread.glyphCount > glyphs.count && reread.glyphCount < 30, "\(reread.glyphCount) glyphs")
        #expect(subset.bytes.count < Self.dejaVu.count / 20)
        for glyph in glyphs {
            let new = try #require(subset.newGlyph[glyph])
            #expect(reread.advance(of: new) == font.advance(of: glyph))
        }
    }

    @Test func badFontsThrowNamedErrors() {
        #expect(throws: FontError.notAFont) { try OpenTypeFont(bytes: Data("not a font at all".utf8)) }
        #expect(throws: FontError.self) { try OpenTypeFont(bytes: Data()) }
        #expect(throws: FontError.noSuchFontInCollection(index: 3, count: 1)) { try OpenTypeFont(bytes: Self.dejaVu, collectionIndex: 3) }
        // Random damage anywhere must never crash (either it throws or it reads something).
        var generator = SplitMix64(seed: 7) // the same damage every run
        let bytes = [UInt8](Self.dejaVu)
        var parsed = 0
        for _ in 0..<200 {
            var damaged = bytes
            for _ in 0..<8 { damaged[Int.random(in: 0..<min(4096, bytes.count), using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let font = try? OpenTypeFont(bytes: Data(damaged)) {
                parsed += 1
                let glyphs = Set("Aé Ǻ Ω ب".unicodeScalars.map { font.glyph(for: $0) } + [1, 2, 3, UInt32(font.glyphCount - 1)])
                if let subset = FontSubset(font, keeping: glyphs) { _ = try? OpenTypeFont(bytes: Data(subset.bytes)) }
                _ = glyphs.map { font.advance(of: $0) }
            }
        }
        #expect(parsed > 0, "some damage is survivable and still read")
    }

    @Test(.enabled(if: RequiredTools.runs(FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")),
                   "fonts-noto-cjk not installed"))
    func readsTheCJKFontFromItsCollectionAndCutsItsCFFOutlines() throws {
        let data = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"))
        let font = try OpenTypeFont(bytes: data, collectionIndex: 2)
        #expect(font.postScriptName == "NotoSansCJKsc-Regular")
        #expect(font.hasPostScriptOutlines)
        for character in "你好世界こんにちは，한국어".unicodeScalars { #expect(font.has(character), "\(character)") }
        let glyphs = Set("你好世界".unicodeScalars.map { font.glyph(for: $0) })
        let subset = try #require(FontSubset(font, keeping: glyphs))
        let reread = try OpenTypeFont(bytes: Data(subset.bytes))
        #expect(reread.hasPostScriptOutlines && reread.glyphCount == glyphs.count + 1)
        // A PDF finds these glyphs by CID: the subset's charset keeps each glyph's CID from the whole font.
        let original = try #require(CFFCharset.cids(FontTable(face: font.face, "CFF ").bytes))
        let cids = try #require(subset.cids)
        for glyph in glyphs {
            let new = try #require(subset.newGlyph[glyph])
            #expect(reread.advance(of: new) == font.advance(of: glyph))
            #expect(cids[Int(new)] == original[Int(glyph)] && cids[Int(new)] != 0)
        }
        #expect(subset.bytes.count < 20_000, "\(subset.bytes.count) bytes of a \(data.count)-byte collection")
        #expect(CFFCharset.cids([UInt8](Self.dejaVu)) == nil && CFFCharset.cids([1, 0, 4, 1, 0, 0]) == nil)
    }
}

/// A seeded generator, so a failing damage test fails again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
