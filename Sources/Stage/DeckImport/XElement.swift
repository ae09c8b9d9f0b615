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
