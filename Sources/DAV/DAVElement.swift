import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeXML

/// An element of a WebDAV request body (PROPFIND, REPORT, MKCALENDAR, PROPPATCH), with namespaces resolved: what
/// CalDAV clients send is small, so a tree is simpler to read than a stream of events.
public struct DAVElement: Equatable, Sendable {
    public let namespace: String
    public let name: String
    public let attributes: [String: String]
    public var children: [DAVElement]
    public var text: String

    public init(namespace: String, name: String, attributes: [String: String] = [:], children: [DAVElement] = [], text: String = "") {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    public var qualifiedName: DAVName { DAVName(namespace, name) }

    public func child(_ name: DAVName) -> DAVElement? { children.first { $0.qualifiedName == name } }
    public func children(_ name: DAVName) -> [DAVElement] { children.filter { $0.qualifiedName == name } }

    /// Reads a request body. A document type declaration is refused before parsing (no entity can expand).
    public static func parse(_ data: Data) throws(DAVError) -> DAVElement {
        if SafeXML.hasDoctype(data) { throw DAVError(status: 400, "The XML body has a document type declaration, which is not allowed.") }
        if let bad = SafeXML.invalidUTF8(data) {
            throw DAVError(status: 400, "The XML body is not valid UTF-8 (byte \(bad.offset), line \(bad.line)).")
        }
        if let line = SafeXML.emptyProcessingInstruction(data) {
            throw DAVError(status: 400, "The XML body has a processing instruction with nothing in it (line \(line)).")
        }
        let parser = SafeXML.parser(for: data, namespaces: true)
        let builder = TreeBuilder()
        parser.delegate = builder
        let parsed = parser.parse()
        if builder.tooDeep {
            throw DAVError(status: 400, "The XML body nests elements deeper than \(SafeXML.maximumDepth) levels.")
        }
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { " (\($0.localizedDescription))" } ?? ""
            throw DAVError(status: 400, "The XML body could not be read\(reason).")
        }
        return root
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?
        var tooDeep = false

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
                    attributes attributeDict: [String: String] = [:]) {
            guard stack.count < SafeXML.maximumDepth else {
                tooDeep = true
                parser.abortParsing()
                return
            }
            stack.append(DAVElement(namespace: namespaceURI ?? "", name: elementName, attributes: attributeDict))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard var done = stack.popLast() else { return }
            done.text = done.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) { parser.abortParsing() }
        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            parser.abortParsing()
        }
    }
}

/// A namespace-qualified XML name: `DAV:getetag`, `urn:ietf:params:xml:ns:caldav calendar-data`.
public struct DAVName: Hashable, Sendable, CustomStringConvertible {
    public let namespace: String
    public let name: String

    public init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    public static let calendarServer = "http://calendarserver.org/ns/"
    public static let appleICal = "http://apple.com/ns/ical/"

    public static func d(_ name: String) -> DAVName { DAVName(dav, name) }
    public static func c(_ name: String) -> DAVName { DAVName(caldav, name) }
    public static func cs(_ name: String) -> DAVName { DAVName(calendarServer, name) }

    public var description: String { "{\(namespace)}\(name)" }
}

/// A refusal with its HTTP status and, for WebDAV preconditions (RFC 4918 §16), the condition element that names it.
public struct DAVError: Error, Equatable, Sendable {
    public let status: Int
    public let message: String
    public let condition: DAVName?

    public init(status: Int, _ message: String, condition: DAVName? = nil) {
        self.status = status
        self.message = message
        self.condition = condition
    }
}
