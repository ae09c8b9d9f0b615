import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeXML

enum XMLTree {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Parses `data` (the part named `part`, used in messages). Documents with a DOCTYPE are refused
    /// outright: OOXML never needs one, and it is the door to external-entity and entity-expansion attacks.
    static func parse(_ data: Data, part: String) throws -> XElement {
        if SafeXML.hasDoctype(data) {
            throw DeckImportError(.externalEntity,
                "The part “\(part)” contains XML with a document type declaration, which is refused (external entities); save the file again from your presentation program.",
                key: "stage.error.import.doctype_refused", ["part": part])
        }
        let problem = SafeXML.invalidUTF8(data).map { ("byte \($0.offset) is not UTF-8", $0.line) }
            ?? SafeXML.emptyProcessingInstruction(data).map { ("a processing instruction with nothing in it", $0) }
        if let (detail, number) = problem {
            let line = String(number)
            throw DeckImportError(.malformedXML,
                "The part “\(part)” is not well-formed XML (\(detail), line \(line)); the file is damaged — save it again and re-import.",
                key: "stage.error.import.xml_malformed", ["part": part, "detail": detail, "line": line])
        }
        let builder = TreeBuilder()
        let parser = SafeXML.parser(for: data, namespaces: false)
        parser.delegate = builder
        let ok = parser.parse()
        if builder.sawDoctype {
            throw DeckImportError(.externalEntity,
                "The part “\(part)” contains XML with a document type declaration, which is refused (external entities).",
                key: "stage.error.import.entity_declaration_refused", ["part": part])
        }
        guard ok, builder.failure == nil, let root = builder.root else {
            let detail = builder.failure ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "unexpected end"
            let line = String(parser.lineNumber)
            throw DeckImportError(.malformedXML,
                "The part “\(part)” is not well-formed XML (\(detail), line \(line)); the file is damaged — save it again and re-import.",
                key: "stage.error.import.xml_malformed", ["part": part, "detail": detail, "line": line])
        }
        return root
    }
}

/// XMLParser delegate that builds XElement values and resolves prefixes with its own scope stack.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XElement?
    var failure: String?
    var sawDoctype = false
    private var stack: [XElement] = []
    private var scopes: [[String: String]] = [["xml": XMLTree.xmlNamespace]]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        guard stack.count < SafeXML.maximumDepth else {
            fail(parser, "elements nested deeper than \(SafeXML.maximumDepth) levels")
            return
        }
        var scope = scopes.last ?? [:]
        for (key, value) in attributeDict {
            if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
        }
        scopes.append(scope)
        let (prefix, local) = split(elementName)
        guard let ns = scope[prefix ?? ""] ?? (prefix == nil ? "" : nil) else {
            fail(parser, "undeclared namespace prefix “\(prefix ?? "")”")
            return
        }
        var attributes: [XAttribute] = []
        // Sorted so attribute order is deterministic (the dictionary's is not).
        for (key, value) in attributeDict.sorted(by: { $0.key < $1.key }) where key != "xmlns" && !key.hasPrefix("xmlns:") {
            let (attrPrefix, attrLocal) = split(key)
            // Unprefixed attributes are in no namespace (they do not take the default namespace).
            var attrNS = ""
            if let attrPrefix {
                guard let resolved = scope[attrPrefix] else {
                    fail(parser, "undeclared namespace prefix “\(attrPrefix)”")
                    return
                }
                attrNS = resolved
            }
            attributes.append(XAttribute(namespace: attrNS, name: attrLocal, value: value))
        }
        stack.append(XElement(namespace: ns, name: local, attributes: attributes, children: []))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let element = stack.popLast() else { return }
        scopes.removeLast()
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(.element(element))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        // Merge adjacent text (the parser may deliver one run in several pieces).
        if case .text(let previous)? = stack[stack.count - 1].children.last {
            stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(previous + string)
        } else {
            stack[stack.count - 1].children.append(.text(string))
        }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        sawDoctype = true
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        sawDoctype = true
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil { failure = parseError.localizedDescription }
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        failure = message
        parser.abortParsing()
    }

    private func split(_ qname: String) -> (String?, String) {
        guard let colon = qname.firstIndex(of: ":") else { return (nil, qname) }
        return (String(qname[..<colon]), String(qname[qname.index(after: colon)...]))
    }
}
