import Foundation
import ZIPFoundation

public enum DeckFormat: String, Sendable {
    case zip, pdf, pptx

    /// Detects from the first bytes (ZIP "PK\u{3}\u{4}" — then PPTX if it has ppt/presentation.xml —,
    /// PDF "%PDF-"); the file name is only a hint, because uploads are often misnamed.
    public static func detect(fileURL: URL, filename: String) throws -> DeckFormat {
        let head = try FileBytes.head(of: fileURL, count: 1024)
        if head.isEmpty {
            throw DeckImportError(.empty, "The file is empty; upload it again.", key: "stage.error.import.empty_file")
        }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return try zipFlavour(fileURL: fileURL, filename: filename)
        }
        // An archive with no entries at all is only an end-of-central-directory record.
        if head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return .zip
        }
        // PDF readers accept the header anywhere in the first 1024 bytes (some generators prepend junk).
        if FileBytes.range(of: Array("%PDF-".utf8), in: head) != nil {
            return .pdf
        }
        if head.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            // PowerPoint wraps a password-protected .pptx in an OLE compound file holding an
            // "EncryptedPackage" stream; any other OLE file here is most likely a legacy .ppt.
            let marker = Array("EncryptedPackage".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            if try FileBytes.file(fileURL, contains: marker) {
                throw DeckImportError(.encrypted,
                    "The presentation is protected with a password; open it in PowerPoint, remove the password (File › Info › Protect Presentation) and import again.",
                    key: "stage.error.import.pptx_encrypted")
            }
            throw DeckImportError(.unsupportedFormat,
                "PowerPoint 97–2003 (.ppt) files are not supported; save as .pptx and import again.", key: "stage.error.import.legacy_ppt")
        }
        throw DeckImportError.unsupported
    }

    private static func zipFlavour(fileURL: URL, filename: String) throws -> DeckFormat {
        let archive: Archive
        do {
            archive = try Archive(url: fileURL, accessMode: .read)
        } catch {
            throw DeckImportError(.corrupt, "The ZIP file is damaged or incomplete; create it again and re-import.", key: "stage.error.import.zip_damaged")
        }
        var hasRootRels = false
        for entry in archive {
            let path = entry.path.lowercased()
            if path == "ppt/presentation.xml" { return .pptx }
            if path == "_rels/.rels" { hasRootRels = true }
        }
        // An OPC package whose main part lives elsewhere is still a presentation when the name says so;
        // PPTXReader then finds the main part through _rels/.rels.
        let ext = (filename as NSString).pathExtension.lowercased()
        if hasRootRels && ["pptx", "ppsx", "potx", "pptm", "ppsm"].contains(ext) { return .pptx }
        return .zip
    }
}
