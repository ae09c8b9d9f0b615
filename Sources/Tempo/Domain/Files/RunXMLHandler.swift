import Foundation
import SafeXML

/// What the GPX and TCX readers build on: `SafeXML.read` with namespaces, each element's own text collected and
/// trimmed, and the reader's refusals said as `RunFormatError`s with a line number.
class RunXMLHandler: SafeXMLHandler {
    private var text = ""

    /// Where the element just opened or closed is, for error messages.
    private(set) var line = 0

    /// Subclasses: an element opened. Throw to stop reading with that error.
    func didStart(namespace: String, name: String, attributes: [String: String]) throws {}
    /// Subclasses: an element closed; `text` is its own character data, whitespace-trimmed.
    func didEnd(namespace: String, name: String, text: String) throws {}

    /// Reads the whole document (after the size and not-XML checks).
    func run(_ data: Data) throws {
        try XMLPreflight.check(data)
        do {
            try SafeXML.read(data, into: self)
        } catch let failure as SafeXML.Failure {
            switch failure {
            case .doctype: throw RunFormatError.doctypeRefused
            case .emptyProcessingInstruction(let line):
                throw RunFormatError.malformedXML(line: line, reason: "a processing instruction with nothing in it (<?name?>)")
            case .invalidUTF8(let offset, let line):
                throw RunFormatError.malformedXML(line: line, reason: "byte \(offset) is not UTF-8, which the file says it is written in")
            default: throw RunFormatError.malformedXML(line: failure.line ?? 0, reason: failure.description)
            }
        }
    }

    // MARK: SafeXMLHandler

    func start(_ name: SafeXML.Name, attributes: [SafeXML.Attribute], line: Int) throws {
        self.line = line
        text = ""
        // The formats' own attributes (lat, lon, creator, Sport, StartTime) are in no namespace.
        var own: [String: String] = [:]
        for attribute in attributes where attribute.namespace.isEmpty { own[attribute.name] = attribute.value }
        try didStart(namespace: name.namespace, name: name.local, attributes: own)
    }

    func characters(_ text: String) { self.text += text }

    func end(_ name: SafeXML.Name, line: Int) throws {
        self.line = line
        let own = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""
        try didEnd(namespace: name.namespace, name: name.local, text: own)
    }
}
