import CadenceCore
import Foundation
import Talks
import Testing

/// Seed 000, chapter 6, and PRODUCT.md T1–T2.
@Suite(.timeLimit(.minutes(5))) struct TopicValidationTests {
    /// Test case 1, "Empty Title": the system refuses and says why.
    @Test(arguments: ["", "   "])
    func anEmptyTitleIsRefused(title: String) {
        #expect(throws: ValidationError(field: "title", "Give the talk a title.", key: "talks.error.title_required", ["max": "120"])) { try Topic(title: title) }
    }

    @Test func aNewTopicLastsOneMinuteByDefault() throws {
        #expect(try Topic(title: "Thesis defence").duration == 60)
    }

    /// Test case 3, "Wrong Time": letters, a negative number, or beyond the estimated time.
    @Test(arguments: ["abc", "1:3o", "-5", "-0:30", "1:61", "1:5", "", "2:01", "121"])
    func aWrongTimeIsRefusedNamingTheField(time: String) throws {
        let topic = try Topic(title: "Talk", duration: 120)
        do {
            _ = try topic.makeCue(keyword: "Intro", time: time)
            Issue.record("\"\(time)\" was accepted")
        } catch {
            #expect(error.field == "time")
            #expect(!error.message.isEmpty)
        }
    }

    @Test(arguments: [("0:00", 0), ("0:30", 30), ("1:05", 65), ("2:00", 120), ("90", 90), (" 45 ", 45)])
    func timesAreTypedAsMinutesAndSecondsOrSeconds(time: String, seconds: Int) throws {
        let topic = try Topic(title: "Talk", duration: 120)
        #expect(try topic.makeCue(keyword: "Intro", time: time).at == seconds)
    }

    @Test func anEmptyKeywordIsRefused() throws {
        let topic = try Topic(title: "Talk")
        #expect(throws: ValidationError(field: "keyword", "Enter a keyword.", key: "talks.error.keyword_required", ["max": "80"])) { try topic.makeCue(keyword: "  ", time: "0:10") }
    }

    /// A6: whatever the operation, the list stays sorted by time.
    @Test func cuesStaySortedByTimeThroughEveryEdit() throws {
        var topic = try Topic(title: "Talk", duration: 300)
        let late = try topic.makeCue(keyword: "Close", time: "4:00")
        try topic.insert(late)
        try topic.insert(try topic.makeCue(keyword: "Intro", time: "0:10"))
        try topic.insert(try topic.makeCue(keyword: "Middle", time: "2:00"))
        #expect(topic.cues.map(\.keyword) == ["Intro", "Middle", "Close"])
        let updated = try topic.update(Cue(id: late.id, keyword: "Close", at: 60))
        #expect(updated)
        #expect(topic.cues.map(\.keyword) == ["Intro", "Close", "Middle"])
        let removed = topic.removeCue(id: late.id)
        #expect(removed)
        #expect(topic.cues.map(\.keyword) == ["Intro", "Middle"])
        let firstID = topic.cues[0].id
        #expect(throws: ValidationError.self) { _ = try topic.update(Cue(id: firstID, keyword: "Intro", at: 301)) }
        #expect(topic.cues.map(\.keyword) == ["Intro", "Middle"])  // a refused edit changes nothing
    }

    @Test func theDurationCannotShrinkBelowACue() throws {
        var topic = try Topic(title: "Talk", duration: 300)
        try topic.insert(try topic.makeCue(keyword: "Late", time: "4:00"))
        #expect(throws: ValidationError.self) { try topic.setDuration(200) }
        try topic.setDuration(240)
        #expect(topic.duration == 240)
    }

    @Test func outlinesRoundTripAndNameTheBadLine() throws {
        var topic = try Topic(title: "Sermon", duration: 600)
        try topic.insert(try topic.makeCue(keyword: "Welcome", time: "0:00"))
        try topic.insert(try topic.makeCue(keyword: "Reading", time: "2:30"))
        let text = Outline.export(topic)
        #expect(text == "# Sermon\n# duration 10:00\n0:00 Welcome\n2:30 Reading\n")
        let back = try Outline.parse(text)
        #expect(back.title == "Sermon" && back.duration == 600)
        #expect(back.cues.map(\.keyword) == ["Welcome", "Reading"])
        #expect(throws: ValidationError(field: "line 3", "Line 3: \"x:10\" is not a time: use m:ss (1:30) or seconds (90).",
                                         key: "talks.error.line.time_invalid", ["text": "x:10", "line": "3"])) {
            try Outline.parse("# T\n0:05 Fine\nx:10 Broken\n")
        }
    }
}

/// Issue 39: the phone's quick entry proposes each next cue's time.
@Suite(.timeLimit(.minutes(5))) struct NextCueTimeTests {
    static func topic(duration: Int, cueTimes: [Int]) throws -> Topic {
        try Topic(title: "Talk", duration: duration, cues: cueTimes.enumerated().map { Cue(keyword: "Cue \($0.offset)", at: $0.element) })
    }

    @Test func theFirstCueIsAtTheStartTheSecondHalfAMinuteLater() throws {
        #expect(try Self.topic(duration: 300, cueTimes: []).proposedNextCueTime == 0)
        #expect(try Self.topic(duration: 300, cueTimes: [0]).proposedNextCueTime == 30)
    }

    @Test func laterCuesKeepTheLastGap() throws {
        #expect(try Self.topic(duration: 300, cueTimes: [0, 45]).proposedNextCueTime == 90)
        #expect(try Self.topic(duration: 300, cueTimes: [0, 60, 150]).proposedNextCueTime == 240)
    }

    @Test func theProposalNeverPassesTheEnd() throws {
        #expect(try Self.topic(duration: 100, cueTimes: [0, 60]).proposedNextCueTime == 100)
        #expect(try Self.topic(duration: 100, cueTimes: [100]).proposedNextCueTime == 100)
    }

    @Test func twoCuesAtTheSameMomentStillMoveOn() throws {
        #expect(try Self.topic(duration: 300, cueTimes: [10, 10]).proposedNextCueTime == 11)
    }
}
