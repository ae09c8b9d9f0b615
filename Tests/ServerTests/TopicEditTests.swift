import CadenceCore
import Foundation
import PlatformStorage
import Talks
import TalksService
import TalksStorage
import Testing

/// The phone pages' edits as Talks use cases (`TalkService.edit`): each applied to the stored topic, refused whole
/// when what was typed is wrong, refused when the topic changed since it was read — on a real database.
@Suite(.timeLimit(.minutes(5))) struct TopicEditTests {
    struct NoCast: CastAnnouncer {
        func announce(_ state: CastState, to accountID: UUID) async throws {}
    }

    func withTalk(_ body: (TalkService, UUID, Topic) async throws -> Void) async throws {
        try await TestDatabase.withPrivate { database in
            let accountID = UUID()
            try await SQLAccountRepository(database: database).create(
                Account(id: accountID, email: uniqueEmail("edit"), displayName: "Edit", createdAt: Date()), passwordHash: "x")
            var topic = try Topic(title: "Edited talk", duration: 300)
            try topic.insert(try topic.makeCue(keyword: "Welcome", time: "0:00"))
            let service = TalkService(store: SQLTalkStore(database: database), announcer: NoCast(), clock: SystemClock())
            try await service.add(topic, accountID: accountID)
            try await body(service, accountID, try await service.topic(id: topic.id, accountID: accountID))
        }
    }

    @Test func cuesAreAddedChangedAndRemovedInTheStoredTopic() async throws {
        try await withTalk { talks, accountID, topic in
            guard case .saved = try await talks.edit(.addCue(keyword: "A story", time: "1:30"), topicID: topic.id,
                                                     accountID: accountID, readVersion: nil) else { Issue.record("not saved"); return }
            var stored = try await talks.topic(id: topic.id, accountID: accountID)
            #expect(stored.cues.map(\.keyword) == ["Welcome", "A story"])
            let story = try #require(stored.cues.last)
            _ = try await talks.edit(.updateCue(id: story.id, keyword: "A short story", time: "0:45"), topicID: topic.id,
                                     accountID: accountID, readVersion: stored.etag)
            stored = try await talks.topic(id: topic.id, accountID: accountID)
            #expect(stored.cues.map(\.keyword) == ["Welcome", "A short story"])
            #expect(stored.cues.last?.at == 45)
            _ = try await talks.edit(.removeCue(id: story.id), topicID: topic.id, accountID: accountID, readVersion: nil)
            #expect(try await talks.topic(id: topic.id, accountID: accountID).cues.map(\.keyword) == ["Welcome"])
            await #expect(throws: NotFound.self) {
                try await talks.edit(.removeCue(id: story.id), topicID: topic.id, accountID: accountID, readVersion: nil)
            }
        }
    }

    @Test func aRefusedEditAndAStaleOneSaveNothing() async throws {
        try await withTalk { talks, accountID, topic in
            guard case .refused(let error, let saved) = try await talks.edit(
                .addCue(keyword: "Late", time: "9:00"), topicID: topic.id, accountID: accountID, readVersion: nil)
            else { Issue.record("a cue after the end was not refused"); return }
            #expect(error.field == "time")
            #expect(saved.cues.map(\.keyword) == ["Welcome"])

            _ = try await talks.edit(.details(title: "Renamed on the laptop", duration: "5:00"), topicID: topic.id,
                                     accountID: accountID, readVersion: topic.etag)
            guard case .changedSinceRead(let now) = try await talks.edit(
                .details(title: "Renamed on the phone", duration: "5:00"), topicID: topic.id, accountID: accountID,
                readVersion: topic.etag)
            else { Issue.record("an edit of a stale read was saved"); return }
            #expect(now.title == "Renamed on the laptop")
            #expect(try await talks.topic(id: topic.id, accountID: accountID).title == "Renamed on the laptop")
        }
    }
}
