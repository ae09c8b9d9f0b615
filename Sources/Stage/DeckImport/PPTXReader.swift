import Foundation
import SafeXML

/// Reads slide order, titles, notes and the hidden flag from a PresentationML package.
/// Follows ECMA-376 rather than any one generator: parts are found through relationships,
/// elements are matched by namespace URI (Transitional or Strict), never by prefix or file name.
struct PPTXReader {
    struct Slide: Sendable, Equatable {
        var part: String
        var title: String?
        var notes: String
        var hidden: Bool
    }

    struct Content: Sendable {
        var title: String?
        var slides: [Slide]
    }

    enum NS {
        static let pml: Set<String> = ["http://schemas.openxmlformats.org/presentationml/2006/main",
                                       "http://purl.oclc.org/ooxml/presentationml/main"]
        static let dml: Set<String> = ["http://schemas.openxmlformats.org/drawingml/2006/main",
                                       "http://purl.oclc.org/ooxml/drawingml/main"]
        static let rel: Set<String> = ["http://schemas.openxmlformats.org/officeDocument/2006/relationships",
                                       "http://purl.oclc.org/ooxml/officeDocument/relationships"]
        static let mc: Set<String> = ["http://schemas.openxmlformats.org/markup-compatibility/2006"]
        static let dc: Set<String> = ["http://purl.org/dc/elements/1.1/"]
    }

    let package: OPCPackage
    let limits: ImportLimits

    func read(progress: (Int, Int) -> Void) throws -> Content {
        let rootRels = try package.relationships(of: "")
        let mainPart = rootRels.first { !$0.isExternal && $0.hasType(suffix: "/officeDocument") }?.target
            ?? "ppt/presentation.xml"
        guard let presentation = try package.xml(mainPart), presentation.is("presentation", in: NS.pml) else {
            throw DeckImportError(.corrupt,
                "The file is not a PowerPoint presentation (no presentation part); save it as .pptx and import again.",
                key: "stage.error.import.not_pptx")
        }
        let rels = try package.relationships(of: mainPart)
        let ids = presentation.child("sldIdLst", in: NS.pml)?.children("sldId", in: NS.pml) ?? []
        if ids.isEmpty {
            throw DeckImportError(.empty, "The presentation has no slides.", key: "stage.error.import.no_slides")
        }
        if ids.count > limits.maxSlides {
            throw DeckImportError(.tooLarge,
                "The presentation has \(ids.count) slides; at most \(limits.maxSlides) are accepted. Split it and import the parts.",
                key: "stage.error.import.too_many_slides", ["count": String(ids.count), "max": String(limits.maxSlides)])
        }
        var slides: [Slide] = []
        for (index, sldId) in ids.enumerated() {
            try checkCancelled()
            guard let rid = sldId.attribute("id", namespaces: NS.rel),
                  let rel = rels.first(where: { $0.id == rid && !$0.isExternal && $0.hasType(suffix: "/slide") }) else {
                throw DeckImportError(.corrupt,
                    "Slide \(index + 1) is listed but its part cannot be found; open and save the presentation again, then re-import.",
                    key: "stage.error.import.slide_part_missing", ["number": String(index + 1)])
            }
            slides.append(try readSlide(part: rel.target, number: index + 1))
            progress(index + 1, ids.count)
        }
        return Content(title: try coreTitle(rootRels: rootRels), slides: slides)
    }

    private func readSlide(part: String, number: Int) throws -> Slide {
        guard let slide = try package.xml(part), slide.is("sld", in: NS.pml) else {
            throw DeckImportError(.corrupt,
                "Slide \(number) (“\(part)”) is missing or is not a slide; open and save the presentation again, then re-import.",
                key: "stage.error.import.slide_not_slide", ["number": String(number), "part": part])
        }
        let show = slide.attribute("show")?.lowercased()
        let hidden = show == "0" || show == "false"
        let titleShape = shapes(in: slide).first { ["title", "ctrTitle"].contains(placeholderType(of: $0)) }
        let title = titleShape.map { paragraphs(of: $0).map { plainText(of: $0, slideNumber: number) }.joined(separator: " ") }
            .map { $0.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespacesAndNewlines) }
        var notes = ""
        let slideRels = try package.relationships(of: part)
        if let notesRel = slideRels.first(where: { !$0.isExternal && $0.hasType(suffix: "/notesSlide") }),
           let notesSlide = try package.xml(notesRel.target) {
            if let body = shapes(in: notesSlide).first(where: { placeholderType(of: $0) == "body" }) {
                notes = formatNotes(paragraphs(of: body), slideNumber: number)
            }
        }
        return Slide(part: part, title: title?.isEmpty == false ? title : nil, notes: notes, hidden: hidden)
    }

    /// All p:sp shapes, including those in groups; mc:Fallback is skipped because it repeats mc:Choice.
    private func shapes(in root: SafeXML.Element) -> [SafeXML.Element] {
        root.descendants("sp", in: NS.pml) { $0.is("Fallback", in: NS.mc) }
    }

    /// The placeholder type of a shape; the schema default for p:ph is "obj".
    private func placeholderType(of shape: SafeXML.Element) -> String? {
        guard let ph = shape.child("nvSpPr", in: NS.pml)?.child("nvPr", in: NS.pml)?.child("ph", in: NS.pml) else {
            return nil
        }
        return ph.attribute("type") ?? "obj"
    }

    private func paragraphs(of shape: SafeXML.Element) -> [SafeXML.Element] {
        shape.child("txBody", in: NS.pml)?.children("p", in: NS.dml) ?? []
    }

    /// Text of one a:p: runs and fields, a:br as a line break, a:tab as a tab.
    /// A slide-number field shows its cached text, which is stale or a placeholder ("<number>" from
    /// LibreOffice), so it is replaced by the slide's position.
    private func plainText(of paragraph: SafeXML.Element, slideNumber: Int) -> String {
        var text = ""
        for element in paragraph.elements {
            if element.is("fld", in: NS.dml), element.attribute("type") == "slidenum" {
                text += String(slideNumber)
            } else if element.is("r", in: NS.dml) || element.is("fld", in: NS.dml) {
                text += element.children("t", in: NS.dml).map(\.text).joined()
            } else if element.is("br", in: NS.dml) {
                text += "\n"
            } else if element.is("tab", in: NS.dml) {
                text += "\t"
            }
        }
        return text
    }

    /// One line per paragraph: n tabs for indentation level n, "• " for bulleted paragraphs.
    func formatNotes(_ paragraphs: [SafeXML.Element], slideNumber: Int) -> String {
        var lines: [String] = paragraphs.map { paragraph in
            let text = plainText(of: paragraph, slideNumber: slideNumber)
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return "" }
            let pPr = paragraph.child("pPr", in: NS.dml)
            let level = max(0, min(8, Int(pPr?.attribute("lvl") ?? "0") ?? 0))
            let bulleted = pPr.map { $0.child("buChar", in: NS.dml) != nil || $0.child("buAutoNum", in: NS.dml) != nil } ?? false
            return String(repeating: "\t", count: level) + (bulleted ? "• " : "") + text
        }
        while lines.first == "" { lines.removeFirst() }
        while lines.last == "" { lines.removeLast() }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }

    /// dc:title from the core properties part (found through the package relationships).
    private func coreTitle(rootRels: [OPCPackage.Relationship]) throws -> String? {
        let part = rootRels.first { !$0.isExternal && $0.hasType(suffix: "/metadata/core-properties") }?.target
            ?? "docProps/core.xml"
        guard let core = try package.xml(part) else { return nil }
        let title = core.descendants("title", in: NS.dc).first.map(\.text)?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return title?.isEmpty == false ? title : nil
    }
}
