import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeXML

/// A thin SAX layer over `XMLParser` that the GPX and TCX readers build on.
///
/// It turns namespace processing on, so readers match elements by namespace URI and local
/// name (files use `gpxtpx:`, `ns3:`, default namespaces… for the same thing), collects each
/// element's text, turns parser failures into `RunFormatError` with a line number, and refuses
/// anything DTD-related that might slip past `XMLPreflight`.
class NamespacedXMLParser: NSObject, XMLParserDelegate {
    private(set) weak var parser: XMLParser?
    private var failure: Error?
    private var text = ""

    /// The current line, for error messages.
    var line: Int { parser?.lineNumber ?? 0 }

    /// Subclasses: an element opened. Throw to stop parsing with that error.
    func didStart(namespace: String, name: String, attributes: [String: String]) throws {}
    /// Subclasses: an element closed; `text` is its own character data, whitespace-trimmed.
    func didEnd(namespace: String, name: String, text: String) throws {}

    /// Parses the whole document (after the size and DOCTYPE checks).
    func run(_ data: Data) throws {
        try XMLPreflight.check(data)
        let p = SafeXML.parser(for: data, namespaces: true)
        p.delegate = self
        parser = p
        let ok = p.parse()
        if let failure { throw failure }
        if !ok {
            let err = p.parserError as NSError?
            let reason = err.map { describe($0) } ?? "unknown error"
            throw RunFormatError.malformedXML(line: p.lineNumber, reason: reason)
        }
    }

    private func describe(_ e: NSError) -> String {
        let d = e.localizedDescription
        // Linux FoundationXML gives "The operation could not be completed…" plus a code; keep the code.
        if d.contains("could not be completed") { return "parser error \(e.code)" }
        return d
    }

    private func fail(_ error: Error) {
        if failure == nil { failure = error }
        parser?.abortParsing()
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        text = ""
        do { try didStart(namespace: namespaceURI ?? "", name: elementName, attributes: attributeDict) } catch { fail(error) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil else { return }
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""
        do { try didEnd(namespace: namespaceURI ?? "", name: elementName, text: t) } catch { fail(error) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil {
            failure = RunFormatError.malformedXML(line: parser.lineNumber, reason: describe(parseError as NSError))
        }
    }

    // Anything DTD-shaped is refused (defence in depth behind XMLPreflight).
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) { fail(RunFormatError.doctypeRefused) }
    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) { fail(RunFormatError.doctypeRefused) }
    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) { fail(RunFormatError.doctypeRefused) }
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail(RunFormatError.doctypeRefused)
        return nil
    }
}
