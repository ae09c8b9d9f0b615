import ArgumentParser
import Foundation
import Geo
import HummingbirdWSClient
import Logging
import Synchronization
import Tempo
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XMLParser over the data with a delegate that does nothing: the floor any GPX reader stands on.
final class BareXMLPass: NSObject, XMLParserDelegate {
    let data: Data
    private var elements = 0
    init(data: Data) { self.data = data }

    func run() -> Int {
        // From a stream: XMLParser(data:) on Linux gives up on documents over about 10 MB.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.delegate = self
        _ = parser.parse() // a bare pass: what it found is in `elements`, a failure just ends it
        return elements
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements += 1
    }
}
