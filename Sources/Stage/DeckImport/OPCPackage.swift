import Foundation
import SafeXML

/// Open Packaging Conventions (ECMA-376 Part 2) on top of SafeArchive: parts, relationships,
/// and target resolution. Part names here have no leading slash ("ppt/slides/slide1.xml").
struct OPCPackage {
    static let relationshipsNamespace: Set<String> = ["http://schemas.openxmlformats.org/package/2006/relationships"]

    struct Relationship: Sendable, Equatable {
        var id: String
        var type: String
        /// Resolved part name, or the raw target for external relationships.
        var target: String
        var isExternal: Bool

        /// Transitional and Strict OOXML use different namespace URIs for the same types, so compare by suffix.
        func hasType(suffix: String) -> Bool { type.hasSuffix(suffix) }
    }

    let archive: SafeArchive
    /// XML parts are parsed into memory (a DOM), so each one is capped well below the archive-wide limit.
    var maxXMLPartBytes: Int64 = 64 << 20

    func hasPart(_ part: String) -> Bool { archive.entry(part) != nil }

    func data(_ part: String) throws -> Data? {
        guard let entry = archive.entry(part) else { return nil }
        let mib = String(maxXMLPartBytes >> 20)
        let tooLarge = DeckImportError(.tooLarge,
            "The part “\(part)” is larger than \(mib) MiB; this is not a normal presentation and was refused.",
            key: "stage.error.import.xml_part_too_large", ["part": part, "max": mib])
        if Int64(clamping: entry.uncompressedSize) > maxXMLPartBytes { throw tooLarge }
        var result = Data()
        try archive.read(entry) { chunk in
            result.append(chunk)
            if Int64(result.count) > maxXMLPartBytes { throw tooLarge }
        }
        return result
    }

    /// Parses a part; nil when the part does not exist.
    func xml(_ part: String) throws -> SafeXML.Element? {
        guard let data = try data(part) else { return nil }
        return try XMLTree.parse(data, part: part)
    }

    /// The relationships of `part` ("" for the package itself); empty when it has no rels part.
    func relationships(of part: String) throws -> [Relationship] {
        let relsPart = Self.relationshipsPart(for: part)
        guard let root = try xml(relsPart) else { return [] }
        var result: [Relationship] = []
        for rel in root.children("Relationship", in: Self.relationshipsNamespace) {
            guard let id = rel.attribute("Id"), let type = rel.attribute("Type"), let target = rel.attribute("Target") else {
                continue
            }
            if rel.attribute("TargetMode") == "External" {
                result.append(Relationship(id: id, type: type, target: target, isExternal: true))
                continue
            }
            let resolved = try Self.resolve(target: target, sourcePart: part, relsPart: relsPart)
            result.append(Relationship(id: id, type: type, target: resolved, isExternal: false))
        }
        return result
    }

    static func relationshipsPart(for part: String) -> String {
        if part.isEmpty { return "_rels/.rels" }
        let folder = (part as NSString).deletingLastPathComponent
        let name = (part as NSString).lastPathComponent
        return folder.isEmpty ? "_rels/\(name).rels" : "\(folder)/_rels/\(name).rels"
    }

    /// Resolves a relationship target against the source part's folder (or the package root when
    /// it starts with "/"), refusing anything that climbs above the root.
    static func resolve(target rawTarget: String, sourcePart: String, relsPart: String) throws -> String {
        var target = rawTarget.removingPercentEncoding ?? rawTarget
        if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
        let refused = DeckImportError(.pathTraversal,
            "The relationship target “\(rawTarget)” in “\(relsPart)” points outside the package and was refused; save the presentation again and re-import.",
            key: "stage.error.import.relationship_outside", ["target": rawTarget, "part": relsPart])
        if target.contains("\\") || target.contains("\0") { throw refused }
        var segments: [Substring]
        if target.hasPrefix("/") {
            segments = []
        } else {
            segments = (sourcePart as NSString).deletingLastPathComponent.split(separator: "/")
        }
        for segment in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                if segments.isEmpty { throw refused }
                segments.removeLast()
            default: segments.append(segment)
            }
        }
        if segments.isEmpty { throw refused }
        return segments.joined(separator: "/")
    }
}
