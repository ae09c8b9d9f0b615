import DeckImport
import Foundation
import ZIPFoundation

extension FuzzTargets {
    /// An uploaded deck as the import reads it before LibreOffice or poppler see it. An input that is already a ZIP
    /// or a PDF goes in as it is; any other input is taken as a slide's XML and packed into a one-slide .pptx, so the
    /// fuzzer spends its time in the XML reader and the slide reader rather than in breaking ZIP checksums.
    @Sendable static func deck(_ data: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-fuzz-deck-\(UUID().uuidString)")
        try? FileManager.default.removeItem(at: folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("upload")
        let whole = data.starts(with: [0x50, 0x4B]) || data.starts(with: Array("%PDF".utf8))
        guard whole ? (try? data.write(to: file)) != nil : packSlide(data, into: file) else { return }
        _ = try? DeckImporter(tools: ExternalTools(), limits: ImportLimits())
            .readOwnBytes(fileURL: file, filename: "deck.pptx", workDirectory: folder.appendingPathComponent("work"))
    }

    /// The smallest package PowerPoint's rules allow, with `slide` as its one slide.
    static func packSlide(_ slide: Data, into file: URL) -> Bool {
        let parts: [(String, Data)] = [
            ("[Content_Types].xml", Data(#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>"#.utf8)),
            ("_rels/.rels", Data(#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>"#.utf8)),
            ("ppt/presentation.xml", Data(#"<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>"#.utf8)),
            ("ppt/_rels/presentation.xml.rels", Data(#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide1.xml"/></Relationships>"#.utf8)),
            ("ppt/slides/slide1.xml", slide),
        ]
        guard let archive = try? Archive(url: file, accessMode: .create) else { return false }
        for (path, bytes) in parts {
            guard (try? archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate,
                                         provider: { position, size in bytes.subdata(in: Int(position)..<Int(position) + size) })) != nil
            else { return false }
        }
        return true
    }
}
