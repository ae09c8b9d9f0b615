import CadenceCore
import Foundation
import Stage

/// The live events that keep a talk's open pages in step: the edit page on another device, the
/// presenter and, through it, the audience screens.
extension LiveAnnouncing {
    /// A change saved to a variation (an edit, an order, an appeal): edit pages open elsewhere
    /// reload, and a presenter showing that variation takes it in (an appeal change waits until the
    /// appeal is off screen).
    public func announceStageEdit(_ saved: TalkVariation, accountID: UUID) async throws {
        try await announce("stage.variation.edited",
                           data: LiveJSON.object(["talkId": saved.talkID.uuidString, "variationId": saved.id.uuidString,
                                                  "revision": saved.revision]),
                           to: accountID)
    }

    /// The talk presents this variation now: presenters reload it, and the screens follow.
    public func announceStageChoice(_ variation: TalkVariation, accountID: UUID) async throws {
        try await announce("stage.variation",
                           data: LiveJSON.object(["talkId": variation.talkID.uuidString, "variationId": variation.id.uuidString,
                                                  "name": variation.name]),
                           to: accountID)
    }
}
