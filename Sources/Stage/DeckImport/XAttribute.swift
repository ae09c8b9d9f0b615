import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeXML

struct XAttribute: Sendable {
    var namespace: String
    var name: String
    var value: String
}
