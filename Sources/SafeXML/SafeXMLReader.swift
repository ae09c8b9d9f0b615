import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What `SafeXML.read` tells, element by element. Throw from `start` or `end` to stop reading with that error.
public protocol SafeXMLHandler: AnyObject {
    /// An element opened on `line` (from 1, for messages). Attributes are sorted by namespace and name, so their
    /// order is the same on every platform.
    func start(_ name: SafeXML.Name, attributes: [SafeXML.Attribute], line: Int) throws
    /// Character data (CDATA too) inside the innermost open element; one run may come in several pieces.
    func characters(_ text: String)
    func end(_ name: SafeXML.Name, line: Int) throws
}

extension SafeXML {
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// An element's or attribute's name. With namespaces, `namespace` is the URI its prefix stands for ("" for none)
    /// and `local` has no prefix: files pick prefixes freely (`gpxtpx:`, `ns3:`, a default namespace), so matching by
    /// URI is the only reliable way. Without, `namespace` is "" and `local` is the name as written.
    public struct Name: Hashable, Sendable, CustomStringConvertible {
        public let namespace: String
        public let local: String

        public init(_ namespace: String, _ local: String) {
            self.namespace = namespace
            self.local = local
        }

        public var description: String { namespace.isEmpty ? local : "{\(namespace)}\(local)" }
    }

    public struct Attribute: Equatable, Sendable {
        public let namespace: String
        public let name: String
        public let value: String

        public init(namespace: String = "", name: String, value: String) {
            self.namespace = namespace
            self.name = name
            self.value = value
        }
    }

    /// Why a document was not read. Each reader says it in its own words; `description` is a short English detail.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// A document type declaration in the bytes, or an entity or element declaration the parser met.
        case doctype
        case invalidUTF8(offset: Int, line: Int)
        case emptyProcessingInstruction(line: Int)
        case tooDeep(line: Int)
        case undeclaredPrefix(String, line: Int)
        case malformed(reason: String, line: Int)

        public var line: Int? {
            switch self {
            case .doctype: nil
            case .invalidUTF8(_, let line), .emptyProcessingInstruction(let line), .tooDeep(let line),
                 .undeclaredPrefix(_, let line), .malformed(_, let line): line
            }
        }

        public var description: String {
            switch self {
            case .doctype: "a document type declaration"
            case .invalidUTF8(let offset, _): "byte \(offset) is not UTF-8"
            case .emptyProcessingInstruction: "a processing instruction with nothing in it"
            case .tooDeep: "elements nested deeper than \(SafeXML.maximumDepth) levels"
            case .undeclaredPrefix(let prefix, _): "undeclared namespace prefix “\(prefix)”"
            case .malformed(let reason, _): reason
            }
        }
    }

    /// Reads untrusted XML into `handler`: the one way Cadence reads XML. The bytes are checked first (a DOCTYPE,
    /// UTF-8 FoundationXML would trap on, an empty processing instruction), then parsed as a stream with no external
    /// entity, nesting bounded by `maximumDepth`. With `namespaces`, prefixes are resolved here with a scope stack
    /// rather than by XMLParser, so the names come out the same on Linux and Darwin, and an undeclared prefix is
    /// refused. Throws a `Failure`, or the handler's own error.
    public static func read(_ data: Data, namespaces: Bool = true, into handler: some SafeXMLHandler) throws {
        if hasDoctype(data) { throw Failure.doctype }
        if let bad = invalidUTF8(data) { throw Failure.invalidUTF8(offset: bad.offset, line: bad.line) }
        if let line = emptyProcessingInstruction(data) { throw Failure.emptyProcessingInstruction(line: line) }
        let events = EventReader(handler, namespaces: namespaces)
        let parser = parser(for: data)
        parser.delegate = events
        let parsed = parser.parse()
        if let failure = events.failure { throw failure }
        guard parsed else {
            throw Failure.malformed(reason: parser.parserError.map(describe) ?? "unexpected end", line: parser.lineNumber)
        }
    }

    /// A parser over `data` that resolves no external entity and leaves namespaces to `EventReader`. It reads the
    /// bytes as a stream: on Linux `XMLParser(data:)` hands libxml2 the whole buffer as one chunk, which fails
    /// ("parser error 1") past about 10 MB.
    static func parser(for data: Data) -> XMLParser {
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        return parser
    }

    /// Linux's FoundationXML says "The operation could not be completed" and a code; the code is what tells.
    static func describe(_ error: Error) -> String {
        let error = error as NSError
        let text = error.localizedDescription
        return text.contains("could not be completed") || text.isEmpty ? "parser error \(error.code)" : text
    }
}

/// XMLParser's delegate: resolves names, bounds nesting, refuses anything DTD-shaped (behind `hasDoctype`), and
/// passes the rest to the handler.
private final class EventReader<Handler: SafeXMLHandler>: NSObject, XMLParserDelegate {
    private let handler: Handler
    private let namespaces: Bool
    private(set) var failure: Error?
    private var open: [SafeXML.Name] = []
    private var scopes: [[String: String]] = [["xml": SafeXML.xmlNamespace]]

    init(_ handler: Handler, namespaces: Bool) {
        self.handler = handler
        self.namespaces = namespaces
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        guard open.count < SafeXML.maximumDepth else { return fail(parser, SafeXML.Failure.tooDeep(line: parser.lineNumber)) }
        let name: SafeXML.Name, attributes: [SafeXML.Attribute]
        if namespaces {
            var scope = scopes[scopes.count - 1]
            for (key, value) in attributeDict {
                if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            }
            scopes.append(scope)
            let (prefix, local) = split(elementName)
            guard let namespace = scope[prefix ?? ""] ?? (prefix == nil ? "" : nil) else {
                return fail(parser, SafeXML.Failure.undeclaredPrefix(prefix ?? "", line: parser.lineNumber))
            }
            name = SafeXML.Name(namespace, local)
            var resolved: [SafeXML.Attribute] = []
            for (key, value) in attributeDict where key != "xmlns" && !key.hasPrefix("xmlns:") {
                let (prefix, local) = split(key)
                var namespace = ""  // an unprefixed attribute is in no namespace: it does not take the default one
                if let prefix {
                    guard let declared = scope[prefix] else {
                        return fail(parser, SafeXML.Failure.undeclaredPrefix(prefix, line: parser.lineNumber))
                    }
                    namespace = declared
                }
                resolved.append(SafeXML.Attribute(namespace: namespace, name: local, value: value))
            }
            attributes = resolved
        } else {
            name = SafeXML.Name("", elementName)
            attributes = attributeDict.map { SafeXML.Attribute(name: $0.key, value: $0.value) }
        }
        open.append(name)
        do {
            try handler.start(name, attributes: attributes.sorted { ($0.namespace, $0.name) < ($1.namespace, $1.name) },
                              line: parser.lineNumber)
        } catch { fail(parser, error) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let name = open.popLast() else { return }
        if namespaces { scopes.removeLast() }
        do { try handler.end(name, line: parser.lineNumber) } catch { fail(parser, error) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, !open.isEmpty else { return }
        handler.characters(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        // libxml2's namespace errors (200–205) are this reader's to judge: with namespaces it names the undeclared
        // prefix itself (201); without, prefixes are only part of a name.
        let code = (parseError as NSError).code
        if (namespaces && code == 201) || (!namespaces && (200...205).contains(code)) { return }
        fail(parser, SafeXML.Failure.malformed(reason: SafeXML.describe(parseError), line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(parser, SafeXML.Failure.doctype)
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        fail(parser, SafeXML.Failure.doctype)
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        fail(parser, SafeXML.Failure.doctype)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail(parser, SafeXML.Failure.doctype)
        return nil
    }

    private func fail(_ parser: XMLParser, _ error: Error) {
        if failure == nil { failure = error }
        parser.abortParsing()
    }

    private func split(_ qualified: String) -> (prefix: String?, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return (nil, qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }
}
