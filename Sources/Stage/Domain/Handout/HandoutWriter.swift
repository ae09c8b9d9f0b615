import Foundation

/// Writes a talk's handout as a PDF: a title page, then every slide with a small picture and
/// its notes, page numbers "n / N" on every page.
///
/// Generated in Swift without a browser. With `fonts` (`HandoutFontFiles`, read by the caller)
/// the text is shaped by HarfBuzz (`HandoutTypesetter`) and drawn in subsets of those fonts
/// embedded in the file, so any script prints; without them it uses the standard Helvetica
/// faces, which cover only Windows-1252. Either way it stays real, selectable text, and a
/// character no font has prints as its code point ("[U+1FAE8]") and is listed in `missingCharacters`.
/// Pure: bytes in, bytes out, no I/O.
public enum HandoutWriter {
    public struct Output: Sendable {
        public let pdf: Data
        /// Characters printed as "[U+…]" because no font had them, in order of first appearance.
        public let missingCharacters: [Unicode.Scalar]
    }

    /// The PDF 1.4 file for `document`.
    public static func pdf(for document: HandoutDocument, options: HandoutOptions = HandoutOptions(), fonts: HandoutFonts? = nil) -> Data {
        make(document, options: options, fonts: fonts).pdf
    }

    public static func make(_ document: HandoutDocument, options: HandoutOptions = HandoutOptions(), fonts: HandoutFonts? = nil) -> Output {
        let typesetter = HandoutTypesetter(fonts: fonts)
        let pictures = document.slides.map { $0.picture.map(PDFImage.make) }
        var layout = HandoutLayout(options: options, typesetter: typesetter)
        let pages = layout.layOut(document, pictures: pictures)

        var file = PDFFile()
        let catalog = file.reserve()
        let pageTree = file.reserve()
        let fonts = addFonts(used: pages, typesetter: typesetter, to: &file)
        let fontResources = fonts.map { "/\(PageContent.resourceName($0.slot)) \($0.object) 0 R" }.joined(separator: " ")
        let codes = Dictionary(uniqueKeysWithValues: fonts.compactMap { font in font.code.map { (font.slot, $0) } })
        let toUnicode = Dictionary(uniqueKeysWithValues: fonts.map { ($0.slot, $0.toUnicode) })

        var imageObjects: [Int?] = []
        for picture in pictures {
            if case .image(let image)? = picture {
                imageObjects.append(file.addStream(dictionary: image.dictionary, data: image.data))
            } else {
                imageObjects.append(nil)
            }
        }
        let imageNames = imageObjects.enumerated().map { index, object in object.map { _ in "Im\(index + 1)" } }

        let (width, height) = options.paper.points
        var kids: [Int] = []
        for page in pages {
            let stream = PageContent.stream(for: codes.isEmpty ? page : page.recoded(codes), imageNames: imageNames,
                                            twoByteCodes: typesetter.embedsFonts, toUnicode: toUnicode)
            // Glyph IDs are written as four hex digits each, which nobody reads in a diff: deflated, a
            // page of notes takes a third of the room. Helvetica pages stay plain text, greppable.
            let content = typesetter.embedsFonts
                ? file.addStream(dictionary: "/Filter /FlateDecode", data: Zlib.deflate(stream))
                : file.addStream(dictionary: "", data: stream)
            // Each page lists only the pictures it draws, so readers need not load all of them.
            var used = Set<Int>()
            for case let .image(picture, _, _, _, _) in page.marks { used.insert(picture) }
            let xobjects = used.sorted().compactMap { index in
                imageObjects[index].map { "/Im\(index + 1) \($0) 0 R" }
            }
            let xobjectEntry = xobjects.isEmpty ? "" : " /XObject << \(xobjects.joined(separator: " ")) >>"
            kids.append(file.add(
                "<< /Type /Page /Parent \(pageTree) 0 R /MediaBox [0 0 \(PDFSyntax.number(width)) \(PDFSyntax.number(height))] "
                    + "/Resources << /Font << \(fontResources) >>\(xobjectEntry) /ProcSet [/PDF /Text /ImageB /ImageC] >> "
                    + "/Contents \(content) 0 R >>"))
        }
        file.set(pageTree, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
        file.set(catalog, "<< /Type /Catalog /Pages \(pageTree) 0 R >>")

        var info = "<< /Title \(PDFSyntax.textString(document.title))"
        if let subtitle = document.subtitle { info += " /Subject \(PDFSyntax.textString(subtitle))" }
        info += " /Creator \(PDFSyntax.textString(options.creator)) /Producer (Cadence) >>"
        let infoObject = file.add(info)
        return Output(pdf: file.bytes(root: catalog, info: infoObject),
                      missingCharacters: typesetter.missingCharacters(in: printedText(document, options)))
    }

    struct AddedFont {
        let slot: Int
        let object: Int
        /// For an embedded subset: glyph ID → the code pages write, and code → the text it reads as.
        let code: [UInt16: UInt16]?
        let toUnicode: [UInt16: String]
    }

    /// The fonts the pages draw with (all four Helvetica faces when nothing is embedded: they cost a line each).
    private static func addFonts(used pages: [HandoutPage], typesetter: HandoutTypesetter, to file: inout PDFFile) -> [AddedFont] {
        guard typesetter.embedsFonts else {
            return TextFace.allCases.map { face in
                AddedFont(slot: face.rawValue, object: file.add("<< /Type /Font /Subtype /Type1 /BaseFont /\(face.baseFont) /Encoding /WinAnsiEncoding >>"),
                          code: nil, toUnicode: [:])
            }
        }
        let texts = glyphTexts(pages)
        return texts.keys.sorted().compactMap { slot in
            guard let font = typesetter.font(slot), let added = EmbeddedFont.add(font, glyphs: texts[slot]!, to: &file) else { return nil }
            var toUnicode: [UInt16: String] = [:]
            for (glyph, text) in texts[slot]! where !text.isEmpty { toUnicode[added.code[glyph]!] = text }
            return AddedFont(slot: slot, object: added.object, code: added.code, toUnicode: toUnicode)
        }
    }

    /// Font slot → every glyph drawn → the text its ToUnicode entry gives: the character it draws
    /// alone most often ("" for a glyph only ever drawn inside a larger cluster, such as half of a
    /// conjunct; those clusters carry their text themselves).
    private static func glyphTexts(_ pages: [HandoutPage]) -> [Int: [UInt16: String]] {
        var counts: [Int: [UInt16: [String: Int]]] = [:]
        for page in pages {
            for case let .text(_, _, font, _, glyphs, _) in page.marks {
                for cluster in glyphs.clusterRanges {
                    for glyph in glyphs[cluster] { counts[font, default: [:]][glyph.code, default: [:]][""] = 0 }
                    guard cluster.count == 1 else { continue }
                    let glyph = glyphs[cluster.lowerBound]
                    counts[font]![glyph.code]![glyph.text, default: 0] += 1
                }
            }
        }
        return counts.mapValues { glyphs in
            glyphs.mapValues { texts in texts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "" }
        }
    }

    /// Every string the handout prints, for the report of missing characters.
    private static func printedText(_ document: HandoutDocument, _ options: HandoutOptions) -> String {
        var parts = [document.title, document.subtitle ?? "", options.labels.slide, options.labels.slides, options.labels.continued]
        for slide in document.slides {
            parts.append(slide.title ?? "")
            if case .missing(let reason)? = slide.picture { parts.append(reason) }
            parts += slide.notes.map(\.plainText)
        }
        return parts.joined(separator: "\n")
    }
}
