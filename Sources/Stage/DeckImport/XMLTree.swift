import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeXML

/// A tiny namespace-aware DOM. Elements are matched by (namespace URI, local name), never by prefix,
/// because generators pick prefixes freely. Namespace scoping is done here rather than by XMLParser
/// so behaviour is identical on Linux and Darwin.
struct XElement: Sendable {
    var namespace: String
    var name: String
    var attributes: [XAttribute]
    var children: [XNodeContent]

    func attribute(_ name: String, namespaces: Set<String> = [""]) -> String? {
        attributes.first { $0.name == name && namespaces.contains($0.namespace) }?.value
    }

    func `is`(_ name: String, in namespaces: Set<String>) -> Bool {
        self.name == name && namespaces.contains(namespace)
    }

    var elements: [XElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    func children(_ name: String, in namespaces: Set<String>) -> [XElement] {
        elements.filter { $0.is(name, in: namespaces) }
    }

    func child(_ name: String, in namespaces: Set<String>) -> XElement? {
        elements.first { $0.is(name, in: namespaces) }
    }

    /// Depth-first descendants matching a name. `skip` prunes subtrees (e.g. mc:Fallback, which
    /// repeats the content of mc:Choice).
    func descendants(_ name: String, in namespaces: Set<String>, skip: (XElement) -> Bool = { _ in false }) -> [XElement] {
        var found: [XElement] = []
        for element in elements where !skip(element) {
            if element.is(name, in: namespaces) { found.append(element) }
            found += element.descendants(name, in: namespaces, skip: skip)
        }
        return found
    }

    /// Concatenated character data of this element's direct text children.
    var text: String {
        children.map { if case .text(let t) = $0 { t } else { "" } }.joined()
    }
}

struct XAttribute: Sendable {
    var namespace: String
    var name: String
    var value: String
}

enum XNodeContent: Sendable {
    case element(XElement)
    case text(String)
}

enum XMLTree {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Parses `data` (the part named `part`, used in messages). Documents with a DOCTYPE are refused
    /// outright: OOXML never needs one, and it is the door to external-entity and entity-expansion attacks.
    static func parse(_ data: Data, part: String) throws -> XElement {
        if SafeXML.hasDoctype(data) {
            throw DeckImportError(.externalEntity,
                "The part “\(part)” contains XML with a document type declaration, which is refused (external entities); save the file again from your presentation program.")
        }
        let builder = TreeBuilder()
        let parser = SafeXML.parser(for: data, namespaces: false)
        parser.delegate = builder
        let ok = parser.parse()
        if builder.sawDoctype {
            throw DeckImportError(.externalEntity,
                "The part “\(part)” contains XML with a document type declaration, which is refused (external entities).")
        }
        guard ok, builder.failure == nil, let root = builder.root else {
            let detail = builder.failure ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "unexpected end"
            throw DeckImportError(.malformedXML,
                "The part “\(part)” is not well-formed XML (\(detail), line \(parser.lineNumber)); the file is damaged — save it again and re-import.")
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
