import CadenceCore
import Foundation
import Testing

/// `StoredJSON`: how a stored shape changes without losing yesterday's rows. A made-up value whose field was renamed
/// in version 3 stands for the first real change.
@Suite(.timeLimit(.minutes(5))) struct StoredJSONTests {
    struct Note: Codable, Equatable {
        var text: String
        var minutes: Int
    }

    /// Version 3 renamed `body` (versions 1 and 2) to `text`: the upgrade from 2 does it on the JSON.
    static let notes = StoredJSON<Note>("note", version: 3, upgrades: [
        2: { value in
            guard var object = value as? [String: Any] else { return value }
            object["text"] = object.removeValue(forKey: "body")
            return object
        },
    ])

    @Test func everyOlderVersionIsReadForward() throws {
        let note = Note(text: "Breathe", minutes: 2)
        #expect(try Self.notes.decode(#"{"body":"Breathe","minutes":2}"#) == note, "version 1: the bare value")
        #expect(try Self.notes.decode(#"{"version":2,"value":{"body":"Breathe","minutes":2}}"#) == note)
        #expect(try Self.notes.decode(#"{"version":3,"value":{"text":"Breathe","minutes":2}}"#) == note)
    }

    @Test func todaysRowIsTheCurrentVersionInItsEnvelope() throws {
        let row = try Self.notes.encode(Note(text: "Breathe", minutes: 2))
        func object(_ text: String) throws -> NSDictionary {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        }
        #expect(try object(row) == object(#"{"version":3,"value":{"text":"Breathe","minutes":2}}"#))
    }

    @Test func aNewerOrBrokenRowIsRefusedNotMisread() {
        #expect(throws: StoredShapeError(shape: "note", version: 4, known: 3)) {
            try Self.notes.decode(#"{"version":4,"value":{"text":"Breathe","minutes":2}}"#)
        }
        #expect((StoredShapeError(shape: "note", version: 4, known: 3)).description.contains("newer Cadence"))
        #expect(throws: (any Error).self) { try Self.notes.decode("not json") }
        #expect(throws: (any Error).self) { try Self.notes.decode(#"{"version":3,"value":{"minutes":2}}"#) }
    }

    /// A value whose own fields are `version` and `value` and nothing else would read as an envelope: the envelope
    /// is written round every value, so only version 1 rows are read bare, and no stored type has those two fields.
    @Test func anArrayIsStoredInTheEnvelopeToo() throws {
        let lists = StoredJSON<[Int]>("list", version: 2)
        #expect(try lists.decode("[1,2]") == [1, 2])
        #expect(try lists.decode(try lists.encode([3])) == [3])
    }
}
