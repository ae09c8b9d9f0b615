import CadenceCore
import Foundation
import Talks

/// A new account's first talk: five minutes, four cues, so the Talks pages show how they work before the person
/// writes anything (P1).
public struct ExampleTalk: NewAccountContent {
    let store: any TalkStore

    public init(store: any TalkStore) { self.store = store }

    public func create(for account: Account, at now: Date) async throws {
        var talk = try Topic(title: "Example: a five-minute talk", duration: 5 * 60)
        for (keyword, time) in [("Welcome and why it matters", "0:00"), ("Three things to remember", "1:00"),
                                ("A story", "2:30"), ("Questions", "4:15")] {
            try talk.insert(try talk.makeCue(keyword: keyword, time: time))
        }
        try await store.save(talk, accountID: account.id, at: now)
    }
}
