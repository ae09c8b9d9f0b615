import Foundation

extension SafeXML {
    /// An element read whole: small documents (a presentation's part, a WebDAV request) are simpler to read as a
    /// tree than as events. Elements are matched by namespace URI and local name, never by prefix.
    public struct Element: Equatable, Sendable {
        public var namespace: String
        public var name: String
        public var attributes: [Attribute]
        public var children: [Node]

        public init(namespace: String, name: String, attributes: [Attribute] = [], children: [Node] = []) {
            self.namespace = namespace
            self.name = name
            self.attributes = attributes
            self.children = children
        }

        public func attribute(_ name: String, namespaces: Set<String> = [""]) -> String? {
            attributes.first { $0.name == name && namespaces.contains($0.namespace) }?.value
        }

        public func `is`(_ name: String, in namespaces: Set<String>) -> Bool {
            self.name == name && namespaces.contains(namespace)
        }

        public var elements: [Element] {
            children.compactMap { if case .element(let element) = $0 { element } else { nil } }
        }

        public func children(_ name: String, in namespaces: Set<String>) -> [Element] {
            elements.filter { $0.is(name, in: namespaces) }
        }

        public func child(_ name: String, in namespaces: Set<String>) -> Element? {
            elements.first { $0.is(name, in: namespaces) }
        }

        /// Depth-first descendants with a name. `skip` prunes subtrees (mc:Fallback, which repeats mc:Choice).
        public func descendants(_ name: String, in namespaces: Set<String>, skip: (Element) -> Bool = { _ in false }) -> [Element] {
            var found: [Element] = []
            for element in elements where !skip(element) {
                if element.is(name, in: namespaces) { found.append(element) }
                found += element.descendants(name, in: namespaces, skip: skip)
            }
            return found
        }

        /// This element's own character data (not its descendants'), as written.
        public var text: String {
            children.map { if case .text(let text) = $0 { text } else { "" } }.joined()
        }

        /// `text` without the white space around it (the indentation of a pretty-printed request). XML's own white
        /// space is cut byte by byte: a calendar app's multiget names hundreds of hrefs, and Foundation's trim (through
        /// NSString and UTF-16 here) was an eighth of a full sync's time. Other Unicode white space at an end, which is
        /// rare, still goes to Foundation.
        public var trimmedText: String {
            let text = self.text
            let bytes = text.utf8
            guard let first = bytes.firstIndex(where: { !Self.isXMLSpace($0) }),
                  let last = bytes.lastIndex(where: { !Self.isXMLSpace($0) }) else { return "" }
            // Cut only at ASCII bytes, so the slice is whole UTF-8.
            let trimmed = String(decoding: bytes[first...last], as: UTF8.self)
            let scalars = trimmed.unicodeScalars
            guard let head = scalars.first, let tail = scalars.last, Self.isWideSpace(head) || Self.isWideSpace(tail) else { return trimmed }
            return trimmed.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        private static func isWideSpace(_ scalar: Unicode.Scalar) -> Bool { !scalar.isASCII && scalar.properties.isWhitespace }

        /// XML's white space (the S production): space, tab, CR and LF.
        private static func isXMLSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
        }
    }

    public enum Node: Equatable, Sendable {
        case element(Element)
        case text(String)
    }

    /// Reads a whole document into its root element (see `read`).
    public static func tree(_ data: Data, namespaces: Bool = true) throws(Failure) -> Element {
        let builder = TreeBuilder()
        do {
            try read(data, namespaces: namespaces, into: builder)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .malformed(reason: "\(error)", line: 0)  // the builder throws nothing of its own
        }
        guard let root = builder.root else { throw .malformed(reason: "no element", line: 1) }
        return root
    }
}

private final class TreeBuilder: SafeXMLHandler {
    var root: SafeXML.Element?
    private var stack: [SafeXML.Element] = []

    func start(_ name: SafeXML.Name, attributes: [SafeXML.Attribute], line: Int) {
        stack.append(SafeXML.Element(namespace: name.namespace, name: name.local, attributes: attributes))
    }

    func characters(_ text: String) {
        guard !stack.isEmpty else { return }
        let last = stack.count - 1
        // One run may come in pieces: they make one text node.
        if case .text(let before)? = stack[last].children.last {
            stack[last].children[stack[last].children.count - 1] = .text(before + text)
        } else {
            stack[last].children.append(.text(text))
        }
    }

    func end(_ name: SafeXML.Name, line: Int) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(.element(element)) }
    }
}
