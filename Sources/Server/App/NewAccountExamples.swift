import CadenceCore
import Foundation
import Storage
import Talks
import TalksStorage

/// What a new account starts with, so each module shows how it works (P1): for
/// now a short example talk. Called on registration, from the pages, the API and the CLI.
public enum NewAccountExamples {
    public static func create(for account: Account, database: Database, at now: Date) async throws {
        var talk = try Topic(title: "Example: a five-minute talk", duration: 5 * 60)
        for (keyword, time) in [("Welcome and why it matters", "0:00"), ("Three things to remember", "1:00"),
                                ("A story", "2:30"), ("Questions", "4:15")] {
            try talk.insert(try talk.makeCue(keyword: keyword, time: time))
        }
        try await SQLTalkStore(database: database).save(talk, accountID: account.id, at: now)
    }
}
