import Foundation
import Hummingbird
import Stage
import StageService
import Web

struct VariationBody: JSONResponse {
    let id: UUID
    let name: String
    let isOriginal: Bool
    /// The original under the server's name for it ("Original"), which a page says in its language.
    let hasDefaultName: Bool
    let revision: Int
    /// Whether it differs from the talk as imported (what "reset" would undo).
    let edited: Bool

    init(_ variation: TalkVariation) {
        id = variation.id
        name = variation.name
        isOriginal = variation.isOriginal
        hasDefaultName = variation.hasDefaultName
        revision = variation.revision
        edited = !variation.edits.isEmpty
    }
}
