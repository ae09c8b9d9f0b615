import CadenceCore
import Hummingbird
import Talks
import TalksService
import Web

/// `/phone`: a card per feature; Talks lists its first talks.
struct PhoneHomePage: Sendable {
    struct Card: Sendable {
        struct Item: Sendable {
            let title: String
            let detail: String
        }

        let id: String
        let name: String
        let tagline: String
        let href: String
        let items: [Item]
        let hasItems: Bool
        let emptyState: String?
    }

    /// "Hello, Ann".
    let greeting: String
    let modules: [Card]
}
