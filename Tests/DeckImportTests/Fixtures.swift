import Foundation
import TestSupport
import Testing
import ZIPFoundation
@testable import DeckImport

/// Builders for test files: everything is made here, no binaries are committed.
enum Fixtures {
    // MARK: Folders

    static func temporaryDirectory(_ label: String = "t") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("deckimport-tests-\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ data: Data, name: String, in directory: URL) -> URL {
        let url = directory.appendingPathComponent(name)
        try! data.write(to: url)
        return url
    }

    // MARK: Pictures

    /// A valid RGB PNG (TestSupport's).
    static func png(width: Int, height: Int) -> Data { TestImages.rgbPNG(width: width, height: height) }

    /// A 16×12 baseline JPEG made by pdftoppm.
    static let jpeg = Data(base64Encoded: "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAMABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD3+iiigD//2Q==")!

    // MARK: ZIP

    struct ZipItem {
        var path: String
        var data: Data
        var deflate = true
    }

    static func zip(_ items: [ZipItem], name: String = "deck.zip", in directory: URL) -> URL {
        let url = directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        let archive = try! Archive(url: url, accessMode: .create)
        for item in items {
            if item.path.hasSuffix("/") {
                try! archive.addEntry(with: item.path, type: .directory, uncompressedSize: Int64(0),
                                      provider: { _, _ in Data() })
                continue
            }
            try! archive.addEntry(with: item.path, type: .file, uncompressedSize: Int64(item.data.count),
                                  compressionMethod: item.deflate ? .deflate : .none) { position, size in
                item.data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        return url
    }

    /// A deflated entry of `size` zero bytes, fed in chunks so the test never holds it all.
    static func zipOfZeros(path: String, size: Int64, name: String = "bomb.zip", in directory: URL) -> URL {
        let url = directory.appendingPathComponent(name)
        let archive = try! Archive(url: url, accessMode: .create)
        try! archive.addEntry(with: path, type: .file, uncompressedSize: size, compressionMethod: .deflate,
                              bufferSize: 1 << 20) { _, chunk in Data(count: chunk) }
        return url
    }

    /// Sets bit 0 (encrypted) of the general-purpose flags in every local and central header.
    static func markEncrypted(_ url: URL) {
        var bytes = [UInt8](try! Data(contentsOf: url))
        var i = 0
        while i + 10 < bytes.count {
            if bytes[i] == 0x50 && bytes[i + 1] == 0x4B {
                if bytes[i + 2] == 3 && bytes[i + 3] == 4 { bytes[i + 6] |= 1 }
                if bytes[i + 2] == 1 && bytes[i + 3] == 2 { bytes[i + 8] |= 1 }
            }
            i += 1
        }
        try! Data(bytes).write(to: url)
    }

    // MARK: PDF

    static func pdf(pages: [String], title: String? = nil, mediaBox: String = "0 0 400 300") -> Data {
        TestDocuments.pdf(pages: pages, title: title, mediaBox: mediaBox)
    }

    // MARK: PPTX

    struct SlideSpec {
        var title: String?
        var body: String = "Body"
        /// Raw a:p elements for the notes body placeholder (nil: no notes slide).
        var notesParagraphs: String?
        var hidden = false
        var hiddenValue = "0"
    }

    struct PPTXOptions {
        var deckTitle: String?
        /// Slide k in presentation order is stored as slide(N+1-k).xml.
        var reverseFileNumbering = false
        /// Index of a slide whose presentation relationship uses an absolute Target.
        var absoluteTargetSlide: Int?
        var strict = false
        /// Unusual prefixes prove that matching is by namespace, not by prefix.
        var pmlPrefix = "p"
        var dmlPrefix = "a"
        /// Replaces the XML of a part after generation (for malformed/XXE tests).
        var overrides: [String: String] = [:]
        var extraRelationships = ""
    }

    static func pptx(_ slides: [SlideSpec], options: PPTXOptions = PPTXOptions(), name: String = "deck.pptx",
                     in directory: URL) -> URL {
        var items: [ZipItem] = []
        for (path, xml) in pptxParts(slides, options: options) {
            items.append(ZipItem(path: path, data: Data((options.overrides[path] ?? xml).utf8)))
        }
        return zip(items, name: name, in: directory)
    }

    static func pptxParts(_ slides: [SlideSpec], options o: PPTXOptions) -> [(String, String)] {
        let P = o.pmlPrefix, A = o.dmlPrefix
        let pml = o.strict ? "http://purl.oclc.org/ooxml/presentationml/main" : "http://schemas.openxmlformats.org/presentationml/2006/main"
        let dml = o.strict ? "http://purl.oclc.org/ooxml/drawingml/main" : "http://schemas.openxmlformats.org/drawingml/2006/main"
        let rNS = o.strict ? "http://purl.oclc.org/ooxml/officeDocument/relationships" : "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        let relBase = o.strict ? "http://purl.oclc.org/ooxml/officeDocument/relationships" : "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        let ns = "xmlns:\(A)=\"\(dml)\" xmlns:r=\"\(rNS)\" xmlns:\(P)=\"\(pml)\""
        let decl = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
        let relsNS = "http://schemas.openxmlformats.org/package/2006/relationships"
        let n = slides.count
        func file(_ k: Int) -> Int { o.reverseFileNumbering ? n - k : k + 1 }

        var parts: [(String, String)] = []
        var overrides = ""
        for k in 0..<n {
            overrides += "<Override PartName=\"/ppt/slides/slide\(file(k)).xml\" ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.slide+xml\"/>"
            if slides[k].notesParagraphs != nil {
                overrides += "<Override PartName=\"/ppt/notesSlides/notesSlide\(file(k)).xml\" ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml\"/>"
            }
        }
        parts.append(("[Content_Types].xml", decl + """
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>\
        <Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>\
        <Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>\
        <Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>\
        <Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
        \(overrides)</Types>
        """))
        parts.append(("_rels/.rels", decl + """
        <Relationships xmlns="\(relsNS)">\
        <Relationship Id="rId1" Type="\(relBase)/officeDocument" Target="ppt/presentation.xml"/>\
        <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>\
        </Relationships>
        """))
        parts.append(("docProps/core.xml", decl + """
        <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/">\
        \(o.deckTitle.map { "<dc:title>\($0)</dc:title>" } ?? "")<dc:creator>Tests</dc:creator></cp:coreProperties>
        """))
        // Relationship ids deliberately do not follow slide order.
        var presRels = "<Relationship Id=\"rId1\" Type=\"\(relBase)/slideMaster\" Target=\"slideMasters/slideMaster1.xml\"/>"
        presRels += "<Relationship Id=\"rId2\" Type=\"\(relBase)/theme\" Target=\"theme/theme1.xml\"/>"
        presRels += "<Relationship Id=\"rIdExt\" Type=\"\(relBase)/hyperlink\" Target=\"https://example.invalid/\" TargetMode=\"External\"/>"
        var sldIds = ""
        for k in 0..<n {
            let rid = "rId\(100 + n - k)"
            let target = o.absoluteTargetSlide == k ? "/ppt/slides/slide\(file(k)).xml" : "slides/slide\(file(k)).xml"
            presRels += "<Relationship Id=\"\(rid)\" Type=\"\(relBase)/slide\" Target=\"\(target)\"/>"
            sldIds += "<\(P):sldId id=\"\(256 + k)\" r:id=\"\(rid)\"/>"
        }
        presRels += o.extraRelationships
        parts.append(("ppt/_rels/presentation.xml.rels", decl + "<Relationships xmlns=\"\(relsNS)\">\(presRels)</Relationships>"))
        parts.append(("ppt/presentation.xml", decl + """
        <\(P):presentation \(ns) saveSubsetFonts="1">\
        <\(P):sldMasterIdLst><\(P):sldMasterId id="2147483648" r:id="rId1"/></\(P):sldMasterIdLst>\
        <\(P):sldIdLst>\(sldIds)</\(P):sldIdLst>\
        <\(P):sldSz cx="9144000" cy="6858000"/><\(P):notesSz cx="6858000" cy="9144000"/>\
        </\(P):presentation>
        """))
        let emptyTree = "<\(P):nvGrpSpPr><\(P):cNvPr id=\"1\" name=\"\"/><\(P):cNvGrpSpPr/><\(P):nvPr/></\(P):nvGrpSpPr><\(P):grpSpPr/>"
        func shape(_ id: Int, _ name: String, ph: String, idx: Int? = nil, y: Int, paragraphs: String) -> String {
            let idxAttr = idx.map { " idx=\"\($0)\"" } ?? ""
            return "<\(P):sp><\(P):nvSpPr><\(P):cNvPr id=\"\(id)\" name=\"\(name)\"/><\(P):cNvSpPr/><\(P):nvPr><\(P):ph type=\"\(ph)\"\(idxAttr)/></\(P):nvPr></\(P):nvSpPr>"
                + "<\(P):spPr><\(A):xfrm><\(A):off x=\"457200\" y=\"\(y)\"/><\(A):ext cx=\"8229600\" cy=\"1143000\"/></\(A):xfrm></\(P):spPr>"
                + "<\(P):txBody><\(A):bodyPr/><\(A):lstStyle/>\(paragraphs)</\(P):txBody></\(P):sp>"
        }
        func para(_ text: String) -> String { "<\(A):p><\(A):r><\(A):rPr lang=\"en-US\"/><\(A):t>\(text)</\(A):t></\(A):r></\(A):p>" }
        parts.append(("ppt/slideMasters/slideMaster1.xml", decl + """
        <\(P):sldMaster \(ns)><\(P):cSld><\(P):spTree>\(emptyTree)\
        \(shape(2, "Title Placeholder", ph: "title", y: 274638, paragraphs: para("Master title")))\
        </\(P):spTree></\(P):cSld>\
        <\(P):clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>\
        <\(P):sldLayoutIdLst><\(P):sldLayoutId id="2147483649" r:id="rId1"/></\(P):sldLayoutIdLst></\(P):sldMaster>
        """))
        parts.append(("ppt/slideMasters/_rels/slideMaster1.xml.rels", decl + """
        <Relationships xmlns="\(relsNS)"><Relationship Id="rId1" Type="\(relBase)/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>\
        <Relationship Id="rId2" Type="\(relBase)/theme" Target="../theme/theme1.xml"/></Relationships>
        """))
        parts.append(("ppt/slideLayouts/slideLayout1.xml", decl + """
        <\(P):sldLayout \(ns) type="title"><\(P):cSld name="Title"><\(P):spTree>\(emptyTree)</\(P):spTree></\(P):cSld>\
        <\(P):clrMapOvr><\(A):masterClrMapping/></\(P):clrMapOvr></\(P):sldLayout>
        """))
        parts.append(("ppt/slideLayouts/_rels/slideLayout1.xml.rels", decl + """
        <Relationships xmlns="\(relsNS)"><Relationship Id="rId1" Type="\(relBase)/slideMaster" Target="../slideMasters/slideMaster1.xml"/></Relationships>
        """))
        parts.append(("ppt/theme/theme1.xml", decl + theme(dml: dml, prefix: A)))
        for k in 0..<n {
            let s = slides[k]
            let show = s.hidden ? " show=\"\(s.hiddenValue)\"" : ""
            var tree = emptyTree
            if let title = s.title { tree += shape(2, "Title 1", ph: "ctrTitle", y: 274638, paragraphs: para(title)) }
            tree += shape(3, "Body 2", ph: "body", idx: 1, y: 2000000, paragraphs: para(s.body))
            parts.append(("ppt/slides/slide\(file(k)).xml", decl + """
            <\(P):sld \(ns)\(show)><\(P):cSld><\(P):spTree>\(tree)</\(P):spTree></\(P):cSld>\
            <\(P):clrMapOvr><\(A):masterClrMapping/></\(P):clrMapOvr></\(P):sld>
            """))
            var slideRels = "<Relationship Id=\"rId1\" Type=\"\(relBase)/slideLayout\" Target=\"../slideLayouts/slideLayout1.xml\"/>"
            if let notes = s.notesParagraphs {
                slideRels += "<Relationship Id=\"rId2\" Type=\"\(relBase)/notesSlide\" Target=\"../notesSlides/notesSlide\(file(k)).xml\"/>"
                let notesTree = emptyTree
                    + shape(2, "Slide Image Placeholder 1", ph: "sldImg", y: 685800, paragraphs: "")
                        .replacingOccurrences(of: "<\(P):txBody><\(A):bodyPr/><\(A):lstStyle/></\(P):txBody>", with: "")
                    + shape(3, "Notes Placeholder 2", ph: "body", idx: 1, y: 4343400, paragraphs: notes)
                parts.append(("ppt/notesSlides/notesSlide\(file(k)).xml", decl + """
                <\(P):notes \(ns)><\(P):cSld><\(P):spTree>\(notesTree)</\(P):spTree></\(P):cSld>\
                <\(P):clrMapOvr><\(A):masterClrMapping/></\(P):clrMapOvr></\(P):notes>
                """))
                parts.append(("ppt/notesSlides/_rels/notesSlide\(file(k)).xml.rels", decl + """
                <Relationships xmlns="\(relsNS)"><Relationship Id="rId1" Type="\(relBase)/slide" Target="../slides/slide\(file(k)).xml"/></Relationships>
                """))
            }
            parts.append(("ppt/slides/_rels/slide\(file(k)).xml.rels", decl + "<Relationships xmlns=\"\(relsNS)\">\(slideRels)</Relationships>"))
        }
        return parts
    }

    private static func theme(dml: String, prefix A: String) -> String {
        func color(_ name: String, _ hex: String) -> String { "<\(A):\(name)><\(A):srgbClr val=\"\(hex)\"/></\(A):\(name)>" }
        let colors = color("dk1", "000000") + color("lt1", "FFFFFF") + color("dk2", "1F497D") + color("lt2", "EEECE1")
            + color("accent1", "4F81BD") + color("accent2", "C0504D") + color("accent3", "9BBB59") + color("accent4", "8064A2")
            + color("accent5", "4BACC6") + color("accent6", "F79646") + color("hlink", "0000FF") + color("folHlink", "800080")
        let font = "<\(A):latin typeface=\"Liberation Sans\"/><\(A):ea typeface=\"\"/><\(A):cs typeface=\"\"/>"
        let fill = "<\(A):solidFill><\(A):schemeClr val=\"phClr\"/></\(A):solidFill>"
        let line = "<\(A):ln w=\"9525\">\(fill)</\(A):ln>"
        return """
        <\(A):theme xmlns:\(A)="\(dml)" name="Test"><\(A):themeElements>\
        <\(A):clrScheme name="Test">\(colors)</\(A):clrScheme>\
        <\(A):fontScheme name="Test"><\(A):majorFont>\(font)</\(A):majorFont><\(A):minorFont>\(font)</\(A):minorFont></\(A):fontScheme>\
        <\(A):fmtScheme name="Test"><\(A):fillStyleLst>\(fill)\(fill)\(fill)</\(A):fillStyleLst>\
        <\(A):lnStyleLst>\(line)\(line)\(line)</\(A):lnStyleLst>\
        <\(A):effectStyleLst><\(A):effectStyle><\(A):effectLst/></\(A):effectStyle><\(A):effectStyle><\(A):effectLst/></\(A):effectStyle><\(A):effectStyle><\(A):effectLst/></\(A):effectStyle></\(A):effectStyleLst>\
        <\(A):bgFillStyleLst>\(fill)\(fill)\(fill)</\(A):bgFillStyleLst></\(A):fmtScheme>\
        </\(A):themeElements></\(A):theme>
        """
    }
}

/// Expects an async throwing call to fail with a DeckImportError of `kind`; returns it for message checks.
@discardableResult
func expectImportError(_ kind: DeckImportError.Kind, _ body: () async throws -> Void,
                       sourceLocation: SourceLocation = #_sourceLocation) async -> DeckImportError? {
    do {
        try await body()
        Issue.record("expected \(kind), but the import succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as DeckImportError {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected DeckImportError.\(kind), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
