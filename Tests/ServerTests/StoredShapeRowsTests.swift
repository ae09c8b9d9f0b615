import CadenceCore
import Foundation
import PlatformService
import PlatformStorage
import Spots
import SpotsStorage
import SQLKit
import Storage
import Talks
import TalksService
import TalksStorage
import Testing

/// Rows written before stored shapes had versions (version 1: the bare JSON) are read by the stores on the engine
/// under test, and the next save writes them in today's shape (version 2, `StoredJSON`'s envelope).
@Suite(.timeLimit(.minutes(5))) struct StoredShapeRowsTests {
    static func account(_ database: Database) async throws -> UUID {
        let accountID = UUID()
        try await SQLAccountRepository(database: database).create(
            Account(id: accountID, email: uniqueEmail("stored-rows"), displayName: "Rows", createdAt: Date()), passwordHash: "x")
        return accountID
    }

    static func column(_ column: String, of table: String, id: UUID, on database: Database) async throws -> String {
        let row = try #require(try await database.sql.select().column(column).from(table).where("id", .equal, id.uuidString).first())
        return try row.decode(column: column, as: String.self)
    }

    static func version(_ row: String) throws -> Int? {
        (try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])?["version"] as? Int
    }

    @Test func aVersion1ReminderIsReadAndSavedForward() async throws {
        try await TestDatabase.withPrivate { database in
            let accountID = try await Self.account(database)
            let store = SQLSpotsStore(database: database)
            let reminder = try Reminder(title: "Water the plants", notes: "the big one", due: Date(timeIntervalSince1970: 1_800_000_000))
            try await store.save(reminder, accountID: accountID, at: Date(), inList: nil)
            #expect(try Self.version(try await Self.column("reminder", of: "spots_reminders", id: reminder.id, on: database)) == 2)

            let bare = String(decoding: try JSONEncoder().encode(reminder), as: UTF8.self)
            try await database.sql.update("spots_reminders").set("reminder", to: bare).where("id", .equal, reminder.id.uuidString).run()
            #expect(try await store.reminder(id: reminder.id, accountID: accountID)?.reminder == reminder)
            #expect(try await store.reminders(accountID: accountID).map(\.reminder) == [reminder])

            var edited = reminder
            edited.title = "Water the plants today"
            try await store.save(edited, accountID: accountID, at: Date(), inList: nil)
            let row = try await Self.column("reminder", of: "spots_reminders", id: reminder.id, on: database)
            #expect(try Self.version(row) == 2, "\(row)")
            #expect(try await store.reminder(id: reminder.id, accountID: accountID)?.reminder == edited)
        }
    }

    @Test func version1CuesAndRunsAreReadAndSavedForward() async throws {
        try await TestDatabase.withPrivate { database in
            let accountID = try await Self.account(database)
            let store = SQLTalkStore(database: database)
            var topic = try Topic(title: "Stored rows", duration: 300)
            try topic.insert(try topic.makeCue(keyword: "Welcome", time: "0:00"))
            try topic.insert(try topic.makeCue(keyword: "A story", time: "1:35"))
            try await store.save(topic, accountID: accountID, at: Date())
            var run = TalkRun(topic: topic)
            try run.apply(RunStep(.start, at: 1_800_000_000_000))
            let stored = StoredRun(id: UUID(), topicID: topic.id, run: run, createdAt: Date())
            try await store.saveRun(stored, accountID: accountID, at: Date())
            #expect(try Self.version(try await Self.column("cues", of: "topics", id: topic.id, on: database)) == 2)
            #expect(try Self.version(try await Self.column("run", of: "talk_runs", id: stored.id, on: database)) == 2)

            let bareCues = String(decoding: try JSONEncoder().encode(topic.cues), as: UTF8.self)
            let bareRun = String(decoding: try JSONEncoder().encode(run), as: UTF8.self)
            try await database.sql.update("topics").set("cues", to: bareCues).where("id", .equal, topic.id.uuidString).run()
            try await database.sql.update("talk_runs").set("run", to: bareRun).where("id", .equal, stored.id.uuidString).run()
            let read = try #require(try await store.topic(id: topic.id, accountID: accountID))
            #expect(read.cues == topic.cues)
            #expect(try await store.run(id: stored.id, accountID: accountID)?.run == run)

            // A compare-and-swap against the version 1 row still lands once, and writes version 2.
            var renamed = read
            try renamed.rename("Stored rows, again")
            #expect(try await store.replace(renamed, accountID: accountID, at: Date(), ifMatch: read.etag))
            #expect(try Self.version(try await Self.column("cues", of: "topics", id: topic.id, on: database)) == 2)
            try run.apply(RunStep(.pause, at: 1_800_000_030_000))
            try await store.saveRun(StoredRun(id: stored.id, topicID: topic.id, run: run, createdAt: stored.createdAt), accountID: accountID, at: Date())
            #expect(try Self.version(try await Self.column("run", of: "talk_runs", id: stored.id, on: database)) == 2)
            #expect(try await store.run(id: stored.id, accountID: accountID)?.run == run)
        }
    }
}
