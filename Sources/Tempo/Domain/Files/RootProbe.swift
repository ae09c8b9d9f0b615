import Foundation

/// Parses just far enough to name the root element (for the "not GPX/TCX" message).
final class RootProbe: RunXMLHandler {
    var rootName: String?
    var rootNamespace: String?
    override func didStart(namespace: String, name: String, attributes: [String: String]) throws {
        if rootName == nil { rootName = name; rootNamespace = namespace }
    }
}
