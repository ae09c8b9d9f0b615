import Foundation

/// Documents the tests feed the importers, written byte by byte so each test says exactly what is inside.
public enum TestDocuments {
    /// A PDF with one line of text per page (Helvetica), correct xref offsets, and an optional title.
    public static func pdf(pages: [String], title: String? = nil, mediaBox: String = "0 0 400 300") -> Data {
        var objects: [String] = []
        let pageCount = pages.count
        // 1 catalog, 2 pages, 3 font, then (page, content) pairs, then info.
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pageCount).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pageCount) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for (index, text) in pages.enumerated() {
            let contentID = 5 + 2 * index
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [\(mediaBox)] /Resources << /Font << /F1 3 0 R >> >> /Contents \(contentID) 0 R >>")
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
                .replacingOccurrences(of: ")", with: "\\)")
            let stream = "BT /F1 18 Tf 40 150 Td (\(escaped)) Tj ET"
            objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
        }
        var infoID: Int?
        if let title {
            objects.append("<< /Title (\(title)) >>")
            infoID = objects.count
        }
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R\(infoID.map { " /Info \($0) 0 R" } ?? "") >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// A ZIP whose entries are stored uncompressed, written by hand.
    public static func storedZip(_ entries: [(path: String, data: Data)]) -> Data {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for (path, data) in entries {
            let name = Array(path.utf8), bytes = [UInt8](data)
            let crc = TestCRC32.checksum(bytes), size = UInt32(bytes.count), offset = UInt32(out.count)
            // Local header: version 20, no flags, stored, no time, CRC, sizes, name length, no extra.
            out += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            out += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + bytes
            central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0)
            central += le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let centralOffset = UInt32(out.count)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return Data(out)
    }

    private static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
