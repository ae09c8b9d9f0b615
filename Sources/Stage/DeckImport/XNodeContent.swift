import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeXML

enum XNodeContent: Sendable {
    case element(XElement)
    case text(String)
}
