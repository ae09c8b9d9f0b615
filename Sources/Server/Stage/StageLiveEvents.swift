import CadenceCore
import Foundation
import Stage

/// The live events that keep a talk's open pages in step: the edit page on another device, the
/// presenter and, through it, the audience screens.
extension LiveService {
    /// A change saved to a variation (an edit, an order, an appeal): edit pages open elsewhere
    /// reload, and a presenter showing that variation takes it in (an appeal change waits until the
    /// appeal is off screen).
    func announceStageEdit(_ saved: TalkVariation, accountID: UUID) async throws {
        try await publish(accountID: accountID, type: "stage.variation.edited",
                          data: LiveJSON.object(["talkId": saved.talkID.uuidString, "variationId": saved.id.uuidString,
                                                 "revision": saved.revision]))
    }

    /// The talk presents this variation now: presenters reload it, and the screens follow.
    func announceStageChoice(_ variation: TalkVariation, accountID: UUID) async throws {
        try await publish(accountID: accountID, type: "stage.variation",
                          data: LiveJSON.object(["talkId": variation.talkID.uuidString, "variationId": variation.id.uuidString,
                                                 "name": variation.name]))
    }
}
