import Foundation
import Testing
import TestSupport
@testable import Stage

/// Each script's line as poppler draws it from the handout, beside pango-view's drawing of the same
/// text in the same font and size (Pango: HarfBuzz and FreeType, as GNOME draws text): the ink must
/// be as wide and fall in the same columns. Unshaped text fails this at once — isolated Arabic
/// letters are wider, Devanagari without conjuncts longer, a code-point marker nothing alike.
@Suite(.timeLimit(.minutes(5)), .enabled(if: RequiredTools.runs(
    Fixtures.tool("pdftoppm") != nil && Fixtures.tool("pango-view") != nil && Fixtures.handoutFonts != nil && Fixtures.hasNoto),
    "poppler-utils, pango1.0-tools or the Noto fonts not installed"))
struct HandoutRenderingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let language: String
        let text: String
        /// The fontconfig family pango-view is asked for: the font the handout chose.
        let family: String
        var pangoLanguage: String?
        var testDescription: String { language }
    }

    static let cases: [Case] = MultilingualHandoutTests.samples.map { sample in
        let family: String = switch sample.language {
        case "Hindi": "Noto Sans Devanagari"
        case "Bengali": "Noto Sans Bengali"
        case "Tamil": "Noto Sans Tamil"
        case "Thai": "Noto Sans Thai"
        case "Persian", "Urdu", "Arabic with vowel marks": "Noto Naskh Arabic"
        case "Hebrew": "Noto Sans Hebrew"
        case "Chinese", "Japanese": "Noto Sans CJK SC"
        case "Emoji": "Symbola"
        default: "DejaVu Sans"
        }
        return Case(language: sample.language, text: sample.text, family: family, pangoLanguage: sample.shapeLanguage)
    }

    /// Pixels per point: 10.5 pt notes are drawn 42 px high.
    static let scale = 4.0

    @Test(arguments: cases)
    func eachScriptDrawsAsPangoDrawsIt(sample: Case) throws {
        let options = HandoutOptions()
        let document = HandoutDocument(title: "T", slides: [HandoutSlide(number: 1, notes: [HandoutParagraph(sample.text)])])
        let typesetter = HandoutTypesetter(fonts: Fixtures.handoutFonts)
        var layout = HandoutLayout(options: options, typesetter: typesetter)
        let page = layout.layOut(document, pictures: [nil])[1]
        // The note's line: the text marks below the slide heading and above the page number.
        let marks = page.marks.compactMap { mark -> (x: Double, y: Double, width: Double)? in
            guard case let .text(x, y, _, size, glyphs, _) = mark, size == options.fontSize else { return nil }
            return (x, y, glyphs.width(size: size))
        }
        let baseline = try #require(marks.first?.y)
        let left = marks.map(\.x).min()!, right = marks.map { $0.x + $0.width }.max()!

        let pdf = Fixtures.temporaryFile(".pdf")
        try HandoutWriter.pdf(for: document, options: options, fonts: Fixtures.handoutFonts).write(to: pdf)
        let prefix = Fixtures.temporaryFile("")
        defer { try? FileManager.default.removeItem(at: pdf) }
        #expect(try Fixtures.run("pdftoppm", ["-gray", "-r", "\(Int(72 * Self.scale))", "-f", "2", "-l", "2", "-singlefile", pdf.path, prefix.path]).status == 0)
        let handout = try Self.readPGM(prefix.path + ".pgm")
        try? FileManager.default.removeItem(atPath: prefix.path + ".pgm")
        let height = options.paper.points.height
        let ours = handout.crop(
            x: Int((left - options.fontSize) * Self.scale), width: Int((right - left + 2 * options.fontSize) * Self.scale),
            y: Int((height - baseline - options.fontSize * 1.3) * Self.scale), height: Int(options.fontSize * 2 * Self.scale))

        let pango = Fixtures.temporaryFile(".pgm")
        defer { try? FileManager.default.removeItem(at: pango) }
        var arguments = ["--backend=ft2", "-q", "--pixels", "--margin=8", "--font=\(sample.family) \(Int(options.fontSize * Self.scale))",
                         "--text=\(sample.text)", "-o", pango.path]
        if let language = sample.pangoLanguage { arguments.append("--language=\(language)") }
        let drawn = try Fixtures.run("pango-view", arguments)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let reference = try Self.readPGM(pango.path)

        if ProcessInfo.processInfo.environment["KEEP_RENDERS"] != nil { try? ours.pgm.write(to: URL(fileURLWithPath: "/tmp/ours-\(sample.language).pgm")) }
        let (ourInk, pangoInk) = (try #require(ours.ink()), try #require(reference.ink()))
        let widthRatio = Double(ourInk.count) / Double(pangoInk.count)
        #expect(abs(widthRatio - 1) < 0.06, "\(sample.language): ink \(ourInk.count) px wide, pango's \(pangoInk.count) px")
        let correlation = Self.correlation(ours.columnProfile(ourInk, bins: 40), reference.columnProfile(pangoInk, bins: 40))
        print("rendering \(sample.language): width ratio \(widthRatio), correlation \(correlation)")
        #expect(correlation > 0.85, "\(sample.language): column profiles correlate \(correlation)")
    }

    struct Gray {
        let width: Int, height: Int
        let pixels: [UInt8]

        func crop(x: Int, width: Int, y: Int, height: Int) -> Gray {
            var out: [UInt8] = []
            for row in max(0, y)..<min(self.height, y + height) {
                let start = row * self.width
                out += pixels[(start + max(0, x))..<(start + min(self.width, x + width))]
            }
            let cropped = min(self.width, x + width) - max(0, x)
            return Gray(width: cropped, height: out.count / max(cropped, 1), pixels: out)
        }

        var pgm: Data { Data("P5\n\(width) \(height)\n255\n".utf8) + pixels }

        /// The columns that hold any ink (darker than mid-gray), first to last.
        func ink() -> Range<Int>? {
            let columns = (0..<width).filter { column in (0..<height).contains { pixels[$0 * width + column] < 128 } }
            guard let first = columns.first, let last = columns.last else { return nil }
            return first..<(last + 1)
        }

        /// How much ink falls in each of `bins` equal slices of `columns`.
        func columnProfile(_ columns: Range<Int>, bins: Int) -> [Double] {
            var profile = [Double](repeating: 0, count: bins)
            for column in columns {
                let bin = (column - columns.lowerBound) * bins / columns.count
                for row in 0..<height { profile[bin] += Double(255 - pixels[row * width + column]) }
            }
            return profile
        }
    }

    /// A binary PGM (P5) as pdftoppm -gray and pango-view's ft2 backend write it.
    static func readPGM(_ path: String) throws -> Gray {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [Int] = [], index = 2
        while fields.count < 3, index < data.count {
            while index < data.count, data[index] == 0x20 || data[index] == 0x0A || data[index] == 0x0D || data[index] == 0x09 { index += 1 }
            if data[index] == UInt8(ascii: "#") { while index < data.count, data[index] != 0x0A { index += 1 }; continue }
            var value = 0
            while index < data.count, (0x30...0x39).contains(data[index]) { value = value * 10 + Int(data[index] - 0x30); index += 1 }
            fields.append(value)
        }
        index += 1
        #expect(data.starts(with: Array("P5".utf8)) && fields.count == 3)
        return Gray(width: fields[0], height: fields[1], pixels: Array(data[index..<min(data.count, index + fields[0] * fields[1])]))
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let meanA = a.reduce(0, +) / Double(a.count), meanB = b.reduce(0, +) / Double(b.count)
        var numerator = 0.0, squaresA = 0.0, squaresB = 0.0
        for (x, y) in zip(a, b) {
            numerator += (x - meanA) * (y - meanB)
            squaresA += (x - meanA) * (x - meanA)
            squaresB += (y - meanB) * (y - meanB)
        }
        return numerator / max((squaresA * squaresB).squareRoot(), 1e-9)
    }
}
