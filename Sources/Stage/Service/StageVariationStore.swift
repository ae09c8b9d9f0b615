import Foundation
import Stage

/// Variations of talks (S6) and which one each talk presents, scoped to the account. A
/// variation is a row with its edit set as JSON, except its edited notes: one row per slide
/// and language in `stage_variation_notes`, so saving one slide's notes touches that row alone.
public protocol StageVariationStore: Sendable {
    /// The talk's variations, the original first (there even before it has a row).
    func variations(talkID: UUID, accountID: UUID) async throws -> [TalkVariation]
    func variation(id: UUID, talkID: UUID, accountID: UUID) async throws -> TalkVariation?
    /// Saves a variation made or edited on `revision` (its revision before the edit); `false` when
    /// someone saved it since (a conflict). A new variation is saved with revision 0.
    func saveVariation(_ variation: TalkVariation, accountID: UUID, at: Date) async throws -> Bool
    /// Saves one slide's notes in one language (nil: back to the slide's own) on `variation`'s
    /// revision, as `saveVariation` would with only that change; `false` on a conflict.
    func saveNotes(_ notes: String?, slideID: UUID, language: String, variation: TalkVariation, accountID: UUID, at: Date) async throws -> Bool
    func deleteVariation(id: UUID, talkID: UUID, accountID: UUID) async throws -> Bool
    /// The variation the talk presents now (its original when none was chosen).
    func activeVariationID(talkID: UUID, accountID: UUID) async throws -> UUID
    func setActiveVariation(_ variationID: UUID, talkID: UUID, accountID: UUID) async throws
}
