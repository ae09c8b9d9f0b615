import Foundation
import ZIPFoundation

/// Writes a plain PresentationML deck for the Stage benchmark: N title-and-body slides,
/// each with speaker notes, in the minimal shape LibreOffice and the importer accept.
enum BenchDeck {
    static func write(slides count: Int, to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, xml) in parts(count) {
            let data = Data(xml.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    private static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
    private static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    private static let namespaces = #"xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" "#
        + #"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" "#
        + #"xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main""#

    private static func rels(_ items: [(id: String, type: String, target: String)]) -> String {
        declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
            + items.map { #"<Relationship Id="\#($0.id)" Type="\#(relationships)/\#($0.type)" Target="\#($0.target)"/>"# }.joined()
            + "</Relationships>"
    }

    private static func shape(_ id: Int, placeholder: String, y: Int, text: String) -> String {
        #"<p:sp><p:nvSpPr><p:cNvPr id="\#(id)" name="Shape \#(id)"/><p:cNvSpPr/><p:nvPr><p:ph type="\#(placeholder)" idx="\#(id)"/></p:nvPr></p:nvSpPr>"#
            + #"<p:spPr><a:xfrm><a:off x="457200" y="\#(y)"/><a:ext cx="8229600" cy="1143000"/></a:xfrm></p:spPr>"#
            + #"<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>\#(text)</a:t></a:r></a:p></p:txBody></p:sp>"#
    }

    private static let groupHeader = #"<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>"#

    private static func parts(_ count: Int) -> [(String, String)] {
        var overrides = ""
        for k in 1...count {
            overrides += #"<Override PartName="/ppt/slides/slide\#(k).xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>"#
            overrides += #"<Override PartName="/ppt/notesSlides/notesSlide\#(k).xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"/>"#
        }
        var parts: [(String, String)] = [
            ("[Content_Types].xml", declaration + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
                + #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>"#
                + #"<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>"#
                + #"<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>"#
                + #"<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>"#
                + #"<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>"#
                + overrides + "</Types>"),
            ("_rels/.rels", rels([("rId1", "officeDocument", "ppt/presentation.xml")])),
            ("ppt/_rels/presentation.xml.rels", rels([("rId1", "slideMaster", "slideMasters/slideMaster1.xml"), ("rId2", "theme", "theme/theme1.xml")]
                + (1...count).map { ("rId\(100 + $0)", "slide", "slides/slide\($0).xml") })),
            ("ppt/presentation.xml", declaration + "<p:presentation \(namespaces)>"
                + #"<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>"#
                + (1...count).map { #"<p:sldId id="\#(255 + $0)" r:id="rId\#(100 + $0)"/>"# }.joined()
                + #"</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>"#),
            ("ppt/slideMasters/slideMaster1.xml", declaration + "<p:sldMaster \(namespaces)><p:cSld><p:spTree>\(groupHeader)</p:spTree></p:cSld>"
                + #"<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>"#
                + #"<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>"#),
            ("ppt/slideMasters/_rels/slideMaster1.xml.rels", rels([("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"), ("rId2", "theme", "../theme/theme1.xml")])),
            ("ppt/slideLayouts/slideLayout1.xml", declaration + "<p:sldLayout \(namespaces)><p:cSld><p:spTree>\(groupHeader)</p:spTree></p:cSld></p:sldLayout>"),
            ("ppt/slideLayouts/_rels/slideLayout1.xml.rels", rels([("rId1", "slideMaster", "../slideMasters/slideMaster1.xml")])),
            ("ppt/theme/theme1.xml", theme),
        ]
        for k in 1...count {
            parts.append(("ppt/slides/slide\(k).xml", declaration + "<p:sld \(namespaces)><p:cSld><p:spTree>\(groupHeader)"
                + shape(2, placeholder: "title", y: 274638, text: "Slide \(k)") + shape(3, placeholder: "body", y: 2000000, text: "Point \(k) of the talk")
                + "</p:spTree></p:cSld></p:sld>"))
            parts.append(("ppt/slides/_rels/slide\(k).xml.rels", rels([("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"),
                                                                       ("rId2", "notesSlide", "../notesSlides/notesSlide\(k).xml")])))
            let notes = "Notes for slide \(k): what to say, the story to tell, and the question to ask before moving on."
            parts.append(("ppt/notesSlides/notesSlide\(k).xml", declaration + "<p:notes \(namespaces)><p:cSld><p:spTree>\(groupHeader)"
                + shape(3, placeholder: "body", y: 4343400, text: notes) + "</p:spTree></p:cSld></p:notes>"))
            parts.append(("ppt/notesSlides/_rels/notesSlide\(k).xml.rels", rels([("rId1", "slide", "../slides/slide\(k).xml")])))
        }
        return parts
    }

    private static let theme: String = {
        func color(_ name: String, _ hex: String) -> String { #"<a:\#(name)><a:srgbClr val="\#(hex)"/></a:\#(name)>"# }
        let colors = [("dk1", "000000"), ("lt1", "FFFFFF"), ("dk2", "1F497D"), ("lt2", "EEECE1"), ("accent1", "4F81BD"), ("accent2", "C0504D"),
                      ("accent3", "9BBB59"), ("accent4", "8064A2"), ("accent5", "4BACC6"), ("accent6", "F79646"), ("hlink", "0000FF"),
                      ("folHlink", "800080")].map(color).joined()
        let font = #"<a:latin typeface="Liberation Sans"/><a:ea typeface=""/><a:cs typeface=""/>"#
        let fill = #"<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>"#
        let line = #"<a:ln w="9525">\#(fill)</a:ln>"#
        let effect = "<a:effectStyle><a:effectLst/></a:effectStyle>"
        return declaration + #"<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Bench"><a:themeElements>"#
            + #"<a:clrScheme name="Bench">\#(colors)</a:clrScheme>"#
            + #"<a:fontScheme name="Bench"><a:majorFont>\#(font)</a:majorFont><a:minorFont>\#(font)</a:minorFont></a:fontScheme>"#
            + #"<a:fmtScheme name="Bench"><a:fillStyleLst>\#(fill)\#(fill)\#(fill)</a:fillStyleLst><a:lnStyleLst>\#(line)\#(line)\#(line)</a:lnStyleLst>"#
            + "<a:effectStyleLst>\(effect)\(effect)\(effect)</a:effectStyleLst><a:bgFillStyleLst>\(fill)\(fill)\(fill)</a:bgFillStyleLst></a:fmtScheme>"
            + "</a:themeElements></a:theme>"
    }()
}
