import CadenceCore
import Foundation
import Talks

/// A new account's first talk: five minutes, four cues, so the Talks pages show how they work before the person
/// writes anything (P1).
public struct ExampleTalk: NewAccountContent {
    let store: any TalkStore

    public init(store: any TalkStore) { self.store = store }

    public func create(for account: Account, at now: Date, words: Messages) async throws {
        var talk = try Topic(title: words("talks.example.title"), duration: 5 * 60)
        for (key, time) in [("welcome", "0:00"), ("three_things", "1:00"), ("story", "2:30"), ("questions", "4:15")] {
            try talk.insert(try talk.makeCue(keyword: words("talks.example.cue." + key), time: time))
        }
        try await store.save(talk, accountID: account.id, at: now)
    }
}
