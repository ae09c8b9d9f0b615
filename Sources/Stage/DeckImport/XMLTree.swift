import Foundation
import SafeXML

/// A presentation's XML part, read by `SafeXML` and refused in the import's own words.
enum XMLTree {
    /// Parses `data` (the part named `part`, used in messages). A DOCTYPE is refused outright: OOXML never needs
    /// one, and it is the door to external-entity and entity-expansion attacks.
    static func parse(_ data: Data, part: String) throws -> SafeXML.Element {
        do throws(SafeXML.Failure) {
            return try SafeXML.tree(data)
        } catch .doctype {
            throw DeckImportError(.externalEntity,
                "The part “\(part)” contains XML with a document type declaration, which is refused (external entities); save the file again from your presentation program.",
                key: "stage.error.import.doctype_refused", ["part": part])
        } catch {
            let detail = error.description, line = String(error.line ?? 0)
            throw DeckImportError(.malformedXML,
                "The part “\(part)” is not well-formed XML (\(detail), line \(line)); the file is damaged — save it again and re-import.",
                key: "stage.error.import.xml_malformed", ["part": part, "detail": detail, "line": line])
        }
    }
}
