import Foundation
import SafeXML
import Testing

@Suite(.timeLimit(.minutes(5))) struct SafeXMLTests {
    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x \"y\">]><gpx/>",
        "<?xml version=\"1.0\"?>\n<!doctype a []><a/>",
        "<!-- a comment first -->\n<!DocType a SYSTEM \"file:///etc/passwd\"><a/>",
        "<a><![CDATA[ <!DOCTYPE inside text is refused too ]]></a>",
    ])
    func aDocumentTypeDeclarationIsFoundAnywhereInAnyCase(_ text: String) {
        #expect(SafeXML.hasDoctype(Data(text.utf8)))
    }

    @Test func utf16DocumentsAreReadBeforeLooking() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE a><a/>"
        var little = Data([0xFF, 0xFE])
        little.append(text.data(using: .utf16LittleEndian)!)
        var big = Data([0xFE, 0xFF])
        big.append(text.data(using: .utf16BigEndian)!)
        #expect(SafeXML.hasDoctype(little))
        #expect(SafeXML.hasDoctype(big))
    }

    /// libxml2 reads UTF-16 from `<?` alone (XML 1.0 Appendix F), and UTF-32 too: the check must not need the mark.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian])
    func documentsWithoutAByteOrderMarkAreReadToo(_ encoding: String.Encoding) throws {
        let text = "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>"
        #expect(SafeXML.hasDoctype(try #require(text.data(using: encoding))))
        #expect(!SafeXML.hasDoctype(try #require("<?xml version=\"1.0\"?><a>doc type</a>".data(using: encoding))))
    }

    /// FoundationXML traps on an element name that is not UTF-8 (found by the fuzzer): such bytes are found first.
    @Test func invalidUTF8IsFoundWithItsLine() {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n<Distance".utf8)
        data.append(0xCD)
        data.append(contentsOf: Array("eters>1</Distance>\n</a>".utf8))
        #expect(SafeXML.invalidUTF8(data)?.line == 3)
        #expect(SafeXML.invalidUTF8(data)?.offset == 52)
        #expect(SafeXML.invalidUTF8(Data("<a>Grüße, 日本, 🏃</a>".utf8)) == nil)
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            #expect(SafeXML.invalidUTF8(Data("<a>".utf8) + Data(bad) + Data("</a>".utf8)) != nil, "\(bad)")
        }
        // A single-byte encoding is the parser's to convert; a name libxml2 does not know is read as UTF-8 (fuzzer's find).
        #expect(SafeXML.invalidUTF8(Data("<?xml version='1.0' encoding='ISO-8859-1'?><a>".utf8) + Data([0xE9]) + Data("</a>".utf8)) == nil)
        for name in ["utf:sync--8", "latinutf:sync--8", "UTF-8", "ascii"] {
            #expect(SafeXML.invalidUTF8(Data(#"<?xml version="1.0" encoding="\#(name)"?><a"#.utf8) + Data([0xFE]) + Data("/>".utf8)) != nil, "\(name)")
        }
        #expect(SafeXML.invalidUTF8(Data(#"<?xml version="1.0" encoding="windows-1252"?><a"#.utf8) + Data([0xFE]) + Data("/>".utf8)) == nil)
    }

    /// FoundationXML dereferences a null pointer on a processing instruction without data (the fuzzer's find).
    @Test func anEmptyProcessingInstructionIsFound() {
        #expect(SafeXML.emptyProcessingInstruction(Data("<a>\n<?x?></a>".utf8)) == 2)
        #expect(SafeXML.emptyProcessingInstruction(Data("<a><?target \n ?></a>".utf8)) == 1)
        #expect(SafeXML.emptyProcessingInstruction(Data("<a><?x?></a>".data(using: .utf16LittleEndian)!)) == 1)
        for fine in [#"<?xml version="1.0"?><?xml-stylesheet href="a.css"?><a/>"#, #"<?mso-application progid="PowerPoint.Show"?><p/>"#,
                     "<a>1 <? 2</a>", "<a>x <?</a>", ""] {
            #expect(SafeXML.emptyProcessingInstruction(Data(fine.utf8)) == nil, "\(fine)")
        }
    }

    @Test func ebcdicIsNotRead() {
        // "<?xm" in EBCDIC: libxml2 would decode it, this check cannot.
        #expect(SafeXML.hasDoctype(Data([0x4C, 0x6F, 0xA7, 0x94, 0x93])))
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?><gpx><trk><name>Doc type &lt;!DOCTYPE&gt; written as text</name></trk></gpx>",
        "<p:sld xmlns:p=\"urn:p\"><p:txBody>!DOCTYPE without the bracket</p:txBody></p:sld>",
        "",
        "<",
    ])
    func ordinaryDocumentsPass(_ text: String) {
        #expect(!SafeXML.hasDoctype(Data(text.utf8)))
    }

    @Test func theReaderReadsADocumentLargerThanOneLibxmlChunk() throws {
        // Over 10 MB: XMLParser(data:) fails on Linux there; the stream parser does not.
        let point = "<p a=\"1\">x</p>"
        let document = "<r>" + String(repeating: point, count: 800_000) + "</r>"
        let events = Events()
        try SafeXML.read(Data(document.utf8), into: events)
        #expect(events.started.count == 800_001)
    }

    @Test func namesAreMatchedByTheirNamespaceWhateverThePrefix() throws {
        let document = """
            <g:gpx xmlns:g="urn:gpx" xmlns="urn:default" g:creator="x" lat="1"><trk xml:lang="en"><x:hr xmlns:x="urn:tpx">120</x:hr></trk></g:gpx>
            """
        let events = Events()
        try SafeXML.read(Data(document.utf8), into: events)
        #expect(events.started.map(\.description) == ["{urn:gpx}gpx", "{urn:default}trk", "{urn:tpx}hr"])
        #expect(events.attributes[0] == [SafeXML.Attribute(name: "lat", value: "1"), SafeXML.Attribute(namespace: "urn:gpx", name: "creator", value: "x")])
        #expect(events.attributes[1] == [SafeXML.Attribute(namespace: "http://www.w3.org/XML/1998/namespace", name: "lang", value: "en")])
        #expect(events.text == "120")
        #expect(events.ended.map(\.local) == ["hr", "trk", "gpx"])
    }

    @Test func withoutNamespacesNamesAreAsWritten() throws {
        let events = Events()
        try SafeXML.read(Data(#"<a:b xmlns:a="urn:a" c:d="1"><e:f/></a:b>"#.utf8), namespaces: false, into: events)
        #expect(events.started == [SafeXML.Name("", "a:b"), SafeXML.Name("", "e:f")])
        #expect(events.attributes[0].map(\.name) == ["c:d", "xmlns:a"])
    }

    @Test(arguments: [#"<a><b:c/></a>"#, #"<a b:c="1"/>"#])
    func anUndeclaredPrefixIsRefusedByName(_ document: String) {
        #expect(throws: SafeXML.Failure.undeclaredPrefix("b", line: 1)) { try SafeXML.read(Data(document.utf8), into: Events()) }
    }

    @Test func theBytesAreCheckedBeforeParsing() {
        #expect(throws: SafeXML.Failure.doctype) { try SafeXML.read(Data("<!DOCTYPE a><a/>".utf8), into: Events()) }
        #expect(throws: SafeXML.Failure.emptyProcessingInstruction(line: 2)) { try SafeXML.read(Data("<a>\n<?x?></a>".utf8), into: Events()) }
        #expect(throws: SafeXML.Failure.invalidUTF8(offset: 3, line: 1)) {
            try SafeXML.read(Data("<a>".utf8) + Data([0xFF]) + Data("</a>".utf8), into: Events())
        }
    }

    @Test func nestingIsBoundedAndBrokenXMLSaysWhere() throws {
        let deep = String(repeating: "<a>", count: SafeXML.maximumDepth + 1) + String(repeating: "</a>", count: SafeXML.maximumDepth + 1)
        #expect(throws: SafeXML.Failure.tooDeep(line: 1)) { try SafeXML.read(Data(deep.utf8), into: Events()) }
        let broken = #expect(throws: SafeXML.Failure.self) { try SafeXML.read(Data("<a>\n<b></a>".utf8), into: Events()) }
        guard case .malformed(_, let line)? = broken else { Issue.record("not malformed: \(String(describing: broken))"); return }
        #expect(line == 2)
    }

    @Test func theHandlersOwnErrorStopsReading() {
        let events = Events(stopAt: "b")
        #expect(throws: Enough.self) { try SafeXML.read(Data("<a><b/><c/></a>".utf8), into: events) }
        #expect(events.started.map(\.local) == ["a", "b"])
    }

    @Test func aTreeKeepsTextBetweenItsChildrenAndFindsElementsByNamespace() throws {
        let root = try SafeXML.tree(Data(#"<p xmlns="urn:d" xmlns:x="urn:x">one <![CDATA[two]]><x:r k="v">in</x:r> three</p>"#.utf8))
        #expect(root.text == "one two three")
        #expect(root.child("r", in: ["urn:x"])?.attribute("k") == "v")
        #expect(root.child("r", in: ["urn:d"]) == nil)
        #expect(root.descendants("r", in: ["urn:x"]).map(\.trimmedText) == ["in"])
    }

    @Test(arguments: [
        ("\n    /dav/calendars/reminders/a.ics\t\r\n  ", "/dav/calendars/reminders/a.ics"),  // a pretty-printed href
        (" Überweisung ", "Überweisung"), ("Tâche à faire", "Tâche à faire"),
        ("\u{00A0}Lista\u{2003} ", "Lista"),  // no-break and em spaces: Unicode white space, trimmed too
        (" \n\t ", ""), ("", ""),
    ])
    func trimmedTextCutsTheWhiteSpaceAroundTheText(written: String, trimmed: String) throws {
        let element = SafeXML.Element(namespace: "DAV:", name: "href", children: [.text(written)])
        #expect(element.trimmedText == trimmed)
    }
}

private struct Enough: Error {}

/// Notes what the reader tells; throws `Enough` on opening the element named `stopAt`.
private final class Events: SafeXMLHandler {
    var started: [SafeXML.Name] = []
    var attributes: [[SafeXML.Attribute]] = []
    var ended: [SafeXML.Name] = []
    var text = ""
    private let stopAt: String?

    init(stopAt: String? = nil) { self.stopAt = stopAt }

    func start(_ name: SafeXML.Name, attributes: [SafeXML.Attribute], line: Int) throws {
        started.append(name)
        self.attributes.append(attributes)
        if name.local == stopAt { throw Enough() }
    }

    func characters(_ text: String) { self.text += text }
    func end(_ name: SafeXML.Name, line: Int) { ended.append(name) }
}
