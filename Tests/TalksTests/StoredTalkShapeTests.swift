import CadenceCore
import Foundation
import Testing
@testable import Talks

/// A topic's cues (`topics.cues`, `Cue.storedList`) and a run (`talk_runs.run`, `TalkRun.storedShape`) are stored as
/// their Codable JSON in `StoredJSON`'s envelope (version 2); version 1, the bare JSON, is what was written until
/// December 2026. These rows are pinned as written: renaming a property or an action of `Cue`, `TalkRun` or `RunStep`
/// makes them unreadable, and this fails. Such a change needs a version of its own and an upgrade for older rows
/// (docs/development.md, "Stored shapes").
@Suite(.timeLimit(.minutes(5))) struct StoredTalkShapeTests {
    static let cuesRow = #"[{"keyword":"Welcome","at":0,"id":"6FA459EA-EE8A-3CA4-894E-DB77E160355E"},{"keyword":"A story","at":95,"id":"16FD2706-8BAF-433B-82EB-8C7FADA847DA"}]"#
    static let runRow = #"{"duration":300,"cues":[{"id":"6FA459EA-EE8A-3CA4-894E-DB77E160355E","keyword":"Welcome","at":0},{"id":"16FD2706-8BAF-433B-82EB-8C7FADA847DA","keyword":"A story","at":95}],"steps":[{"action":"start","at":1800000000000},{"action":"pause","at":1800000030000},{"action":"resume","at":1800000040000},{"action":"next","at":1800000050000}]}"#

    static func topic() throws -> Topic {
        var topic = try Topic(id: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!, title: "Stored talk", duration: 300)
        try topic.insert(Cue(id: UUID(uuidString: "6FA459EA-EE8A-3CA4-894E-DB77E160355E")!, keyword: "Welcome", at: 0))
        try topic.insert(Cue(id: UUID(uuidString: "16FD2706-8BAF-433B-82EB-8C7FADA847DA")!, keyword: "A story", at: 95))
        return topic
    }

    static func jsonObject(_ text: String) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject)
    }

    @Test func yesterdaysCuesRowReadsAndTodaysIsWrittenTheSame() throws {
        let cues = try Self.topic().cues
        #expect(try Cue.storedList.decode(Self.cuesRow) == cues)
        let written = try Cue.storedList.encode(cues)
        #expect(try Self.jsonObject(written) == Self.jsonObject(#"{"version":2,"value":\#(Self.cuesRow)}"#))
        #expect(try Cue.storedList.decode(written) == cues)
    }

    @Test func yesterdaysRunRowReadsAndTodaysIsWrittenTheSame() throws {
        var run = TalkRun(topic: try Self.topic())
        for (action, at) in [(RunStep.Action.start, 0), (.pause, 30_000), (.resume, 40_000), (.next, 50_000)] as [(RunStep.Action, Int64)] {
            try run.apply(RunStep(action, at: 1_800_000_000_000 + at))
        }
        let read = try TalkRun.storedShape.decode(Self.runRow)
        #expect(read == run)
        #expect(read.snapshot(at: 1_800_000_060_000) == run.snapshot(at: 1_800_000_060_000), "the stored run stands where it stood")
        let written = try TalkRun.storedShape.encode(run)
        #expect(try Self.jsonObject(written) == Self.jsonObject(#"{"version":2,"value":\#(Self.runRow)}"#))
        #expect(try TalkRun.storedShape.decode(written) == run)
    }
}
