import Foundation
import Testing
import TestSupport
@testable import Stage

@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(Fixtures.hasDejaVu), "fonts-dejavu-core not installed"))
struct TrueTypeTests {
    static var dejaVu: [UInt8] { Fixtures.fontBytes(Fixtures.dejaVuDirectory + "DejaVuSans.ttf") ?? [] }

    @Test func readsDejaVuSans() throws {
        let font = try TrueTypeFont(bytes: Self.dejaVu)
        #expect(font.unitsPerEm == 2048)
        #expect(font.postScriptName == "DejaVuSans")
        #expect(font.glyph(for: "A") != 0 && font.glyph(for: "Ω") != 0 && font.glyph(for: "\u{FE8F}") != 0)
        #expect(font.glyph(for: "你") == 0)
        #expect(font.advance(of: font.glyph(for: " ")) == 651)
    }

    @Test func aSubsetKeepsTheWidthsAndOutlinesOfTheGlyphsUsed() throws {
        let font = try TrueTypeFont(bytes: Self.dejaVu)
        // "é" may be a composite glyph in some fonts; Ǻ (A, ring, acute) is one in DejaVu.
        let glyphs = Set("Hello Καλημέρα Ǻé".unicodeScalars.map { font.glyph(for: $0) })
        let subset = try TrueTypeFont(bytes: TrueTypeSubsetter.subset(font, keeping: glyphs))
        let kept = TrueTypeSubsetter.closure(of: glyphs, in: font)
        #expect(kept.count > glyphs.count, "composite components are kept too")
        #expect(subset.glyphCount == Int(kept.max()!) + 1)
        for glyph in kept {
            #expect(subset.advance(of: glyph) == font.advance(of: glyph))
            #expect(subset.leftSideBearing(of: glyph) == font.leftSideBearing(of: glyph))
            let original = font.outline(of: glyph), copy = subset.outline(of: glyph)
            #expect(copy.starts(with: original) && copy.count - original.count < 4, "glyph \(glyph)")
        }
        let unused = font.glyph(for: "Z")
        #expect(!kept.contains(unused) && subset.outline(of: unused).isEmpty)
        #expect(SFNTWriter.checksum(TrueTypeSubsetter.subset(font, keeping: glyphs)) == 0xB1B0_AFBA)
    }

    @Test func badFontsThrowNamedErrors() {
        let bytes = Self.dejaVu
        #expect(throws: TrueTypeError.notAFont) { try TrueTypeFont(bytes: Array("not a font at all".utf8)) }
        #expect(throws: TrueTypeError.self) { try TrueTypeFont(bytes: []) }
        #expect(throws: TrueTypeError.self) { try TrueTypeFont(bytes: Array(bytes.prefix(5000))) }
        #expect(throws: TrueTypeError.noSuchFontInCollection(index: 3, count: 1)) {
            try TrueTypeFont(bytes: Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16], collectionIndex: 3)
        }
        // Every table directory offset pointing past the end: refused, not a crash.
        var broken = bytes
        for record in 0..<Int(broken[5]) { broken[12 + record * 16 + 8] = 0x7F }
        #expect(throws: TrueTypeError.self) { try TrueTypeFont(bytes: broken) }
        // Random damage anywhere must never crash (either it throws or it reads something).
        var generator = SplitMix64(seed: 7) // the same damage every run
        let tables = (try? TrueTypeFont(bytes: bytes))?.tables ?? [:]
        let targets = [0..<256] + ["head", "hhea", "maxp", "cmap", "loca", "name", "OS/2", "post"].compactMap { tables[$0] }
        var parsed = 0
        for round in 0..<200 {
            var damaged = bytes
            let target = targets[round % targets.count]
            for _ in 0..<8 { damaged[Int.random(in: target, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            if let font = try? TrueTypeFont(bytes: damaged) {
                parsed += 1
                let glyphs = Set("Aé Ǻ Ω ب".unicodeScalars.map { font.glyph(for: $0) } + [1, 2, 3, UInt16(font.glyphCount - 1)])
                let subset = TrueTypeSubsetter.subset(font, keeping: glyphs)
                _ = try? TrueTypeFont(bytes: subset)
                _ = glyphs.map { font.advance(of: $0) + font.leftSideBearing(of: $0) + font.outline(of: $0).count }
            }
        }
        #expect(parsed > 0, "some damage is survivable and still read")
    }

    @Test func readsAFontFromACollectionByIndex() throws {
        // A one-font collection around DejaVu: the table offsets move by the 16-byte header.
        let font = Self.dejaVu
        var collection = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16]
        var shifted = font
        for record in 0..<Int(font[4]) << 8 | Int(font[5]) {
            let at = 12 + record * 16 + 8
            let offset = (UInt32(font[at]) << 24 | UInt32(font[at + 1]) << 16 | UInt32(font[at + 2]) << 8 | UInt32(font[at + 3])) + 16
            shifted.setUInt32(offset, at: at)
        }
        collection += shifted
        let parsed = try TrueTypeFont(bytes: collection, collectionIndex: 0)
        #expect(parsed.glyph(for: "Ж") == (try TrueTypeFont(bytes: font)).glyph(for: "Ж"))
    }

    @Test(.enabled(if: RequiredTools.runs(Fixtures.hasDroidFallback), "fonts-droid-fallback not installed"))
    func readsTheCJKFallback() throws {
        let font = try TrueTypeFont(bytes: Fixtures.fontBytes(Fixtures.droidFallback) ?? [])
        for character in "你好世界こんにちは，".unicodeScalars { #expect(font.glyph(for: character) != 0, "\(character)") }
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
