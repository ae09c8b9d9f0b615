import Foundation

/// Assembles numbered objects into a PDF file with a correct cross-reference table: version 1.4,
/// or 1.6 once it embeds an OpenType font file (FontFile3 /OpenType, for a CFF font not keyed by CID).
/// Objects are reserved first and filled later, so the page tree can point at pages whose
/// numbers are known only once everything is laid out.
struct PDFFile {
    private var bodies: [[UInt8]?] = []
    var version = "1.4"

    /// Reserves the next object number without a body yet.
    mutating func reserve() -> Int {
        bodies.append(nil)
        return bodies.count
    }

    /// Sets (or replaces) the body of a reserved object: the bytes between `obj` and `endobj`.
    mutating func set(_ number: Int, _ body: [UInt8]) { bodies[number - 1] = body }
    mutating func set(_ number: Int, _ body: String) { set(number, Array(body.utf8)) }

    /// Adds an object and returns its number.
    mutating func add(_ body: String) -> Int { add(Array(body.utf8)) }
    mutating func add(_ body: [UInt8]) -> Int {
        bodies.append(body)
        return bodies.count
    }

    /// Adds a stream object: `dictionary` holds everything except /Length, which is filled in.
    mutating func addStream(dictionary: String, data: [UInt8]) -> Int {
        var body = Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8)
        body.append(contentsOf: data)
        body.append(contentsOf: Array("\nendstream".utf8))
        return add(body)
    }

    /// The whole file. Every reserved object must have been set.
    func bytes(root: Int, info: Int) -> Data {
        // The binary comment line tells transfer tools the file is not plain text.
        var out: [UInt8] = Array("%PDF-\(version)\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        offsets.reserveCapacity(bodies.count)
        for (index, body) in bodies.enumerated() {
            precondition(body != nil, "PDF object \(index + 1) was reserved but never set")
            offsets.append(out.count)
            out.append(contentsOf: Array("\(index + 1) 0 obj\n".utf8))
            out.append(contentsOf: body!)
            out.append(contentsOf: Array("\nendobj\n".utf8))
        }
        let xref = out.count
        // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, CR LF.
        var table = "xref\n0 \(bodies.count + 1)\n0000000000 65535 f\r\n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n\r\n"
        }
        table += "trailer\n<< /Size \(bodies.count + 1) /Root \(root) 0 R /Info \(info) 0 R >>\n"
        table += "startxref\n\(xref)\n%%EOF\n"
        out.append(contentsOf: Array(table.utf8))
        return Data(out)
    }
}
