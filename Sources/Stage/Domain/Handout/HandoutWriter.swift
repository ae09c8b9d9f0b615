import Foundation

/// Writes a talk's handout as a PDF: a title page, then every slide with a small picture and
/// its notes, page numbers "n / N" on every page.
///
/// Generated in Swift without a browser or font files: text uses the standard Helvetica
/// faces, which every PDF reader provides, so it stays real, selectable text. Those fonts
/// only cover Windows-1252; other characters print as "?" (see `WinAnsi`).
/// Pure: bytes in, bytes out, no I/O.
public enum HandoutWriter {
    /// The PDF 1.4 file for `document`.
    public static func pdf(for document: HandoutDocument, options: HandoutOptions = HandoutOptions()) -> Data {
        let pictures = document.slides.map { $0.picture.map(PDFImage.make) }
        var layout = HandoutLayout(options: options)
        let pages = layout.layOut(document, pictures: pictures)

        var file = PDFFile()
        let catalog = file.reserve()
        let pageTree = file.reserve()
        let fonts = TextFace.allCases.map { face in
            file.add("<< /Type /Font /Subtype /Type1 /BaseFont /\(face.baseFont) /Encoding /WinAnsiEncoding >>")
        }
        let fontResources = zip(TextFace.allCases, fonts).map { "/\($0.resourceName) \($1) 0 R" }.joined(separator: " ")

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
            let content = file.addStream(dictionary: "", data: PageContent.stream(for: page, imageNames: imageNames))
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
        return file.bytes(root: catalog, info: infoObject)
    }
}
