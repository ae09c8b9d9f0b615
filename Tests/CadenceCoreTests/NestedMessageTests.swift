import Foundation
import Testing
@testable import CadenceCore

/// A message inside another (a file's detail inside "No track in the file: {detail}") is said in the same language;
/// a catalogue without the inner key keeps its English value.
@Suite(.timeLimit(.minutes(5))) struct NestedMessageTests {
    @Test func anInnerMessageIsSaidInTheOuterOnesLanguage() throws {
        let english = ["outer": "Refused: {detail}", "inner": "{count} bad lines"]
        let spanish = Messages(language: .spanish, entries: ["outer": "Rechazado: {detail}", "inner": "{count} líneas malas"], english: english)
        let message = MessageKey("outer", ["detail": "2 bad lines"], nested: ["detail": MessageKey("inner", ["count": "2"])])
        #expect(spanish(message) == "Rechazado: 2 líneas malas")
        #expect(Messages.englishOnly(english)(message) == "Refused: 2 bad lines")
        let unknownInner = MessageKey("outer", ["detail": "2 bad lines"], nested: ["detail": MessageKey("missing")])
        #expect(spanish(unknownInner) == "Rechazado: 2 bad lines")
        // Kept and read back (an import job stores its messages).
        let stored = try JSONDecoder().decode(MessageKey.self, from: JSONEncoder().encode(message))
        #expect(stored == message)
        #expect(try JSONDecoder().decode(MessageKey.self, from: Data(#"{"key":"outer","arguments":{}}"#.utf8)).nested.isEmpty)
    }
}
