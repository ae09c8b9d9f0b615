import Foundation

/// Writes a talk's handout as a PDF: a title page, then every slide with a small picture and
/// its notes, page numbers "n / N" on every page.
///
/// Generated in Swift without a browser. With `fonts` (DejaVu Sans and a CJK fallback, read
/// by the caller) the text is drawn in subsets of those fonts embedded in the file, so any
/// script prints; without them it uses the standard Helvetica faces, which cover only
/// Windows-1252. Either way it stays real, selectable text, and a character no font has prints
/// as its code point ("[U+1F600]") and is listed in `missingCharacters`.
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
        let fontResources = addFonts(used: pages, typesetter: typesetter, to: &file)
            .map { "/\(PageContent.resourceName($0)) \($1) 0 R" }.joined(separator: " ")

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
            let stream = PageContent.stream(for: page, imageNames: imageNames, twoByteCodes: typesetter.embedsFonts)
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

    /// Font slot → font object, for the fonts the pages draw with (all four Helvetica faces
    /// when nothing is embedded: they cost a line each).
    private static func addFonts(used pages: [HandoutPage], typesetter: HandoutTypesetter, to file: inout PDFFile) -> [(Int, Int)] {
        guard typesetter.embedsFonts else {
            return TextFace.allCases.map { face in
                (face.rawValue, file.add("<< /Type /Font /Subtype /Type1 /BaseFont /\(face.baseFont) /Encoding /WinAnsiEncoding >>"))
            }
        }
        var glyphs: [Int: [UInt16: String]] = [:]
        for page in pages {
            for case let .text(_, _, font, _, shaped, _) in page.marks {
                for glyph in shaped where glyphs[font, default: [:]][glyph.code] == nil {
                    glyphs[font, default: [:]][glyph.code] = glyph.text
                }
            }
        }
        return glyphs.keys.sorted().compactMap { slot in
            typesetter.font(slot).map { (slot, EmbeddedFont.add($0, glyphs: glyphs[slot]!, to: &file)) }
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
