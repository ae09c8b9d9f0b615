import CadenceCore
import Foundation
import Stage

/// Series, talks, slides and their media records. Every call is scoped to an account.
public protocol StageStore: Sendable {
    func allSeries(accountID: UUID) async throws -> [SeriesSummary]
    func series(id: UUID, accountID: UUID) async throws -> Series?
    func saveSeries(_ series: Series, accountID: UUID, at: Date) async throws
    /// Deletes a series with its talks and media records; answers the media to remove from disk, or nil when not found.
    func deleteSeries(id: UUID, accountID: UUID) async throws -> [MediaAsset]?

    func talks(seriesID: UUID, accountID: UUID) async throws -> [StageTalk]
    func talk(id: UUID, accountID: UUID) async throws -> StageTalk?
    /// Saves a new talk with its slides and media records, all or nothing.
    func insertTalk(_ talk: StageTalk, slides: [Slide], assets: [MediaAsset], accountID: UUID, at: Date) async throws
    /// Pictures and videos added to a series (edit mode's uploads).
    func addAssets(_ assets: [MediaAsset], accountID: UUID, at: Date) async throws
    /// A whole series (an installed package) in one transaction: all of it, or nothing.
    func installSeries(_ series: Series, talks: [(talk: StageTalk, slides: [Slide])], assets: [MediaAsset], accountID: UUID, at: Date) async throws
    /// Saves title, order, visibility and appeal of an existing talk; false when there is no such talk.
    func updateTalk(_ talk: StageTalk, accountID: UUID, at: Date) async throws -> Bool
    func slides(talkID: UUID, accountID: UUID) async throws -> [Slide]
    func slide(id: UUID, accountID: UUID) async throws -> Slide?
    /// One slide of one talk as imported.
    func slide(id: UUID, talkID: UUID, accountID: UUID) async throws -> Slide?
    /// The ids of a talk's slides as imported (without reading the slides).
    func slideIDs(talkID: UUID, accountID: UUID) async throws -> Set<UUID>

    func asset(id: UUID, accountID: UUID) async throws -> MediaAsset?
    func assets(ids: [UUID], accountID: UUID) async throws -> [MediaAsset]

    func preferences(accountID: UUID) async throws -> StagePreferences
    /// Each preference is written on its own, so two devices saving different ones never undo each other.
    func setLastTalk(_ talkID: UUID, accountID: UUID) async throws
    func setAdvanceMethod(_ method: AdvanceMethod, accountID: UUID) async throws
    func setScreenMode(_ mode: ScreenMode, accountID: UUID) async throws
    /// Saves the demo series with its talk, unless the account already has one: the claim and
    /// the rows commit together, so two first visits at once (or two instances) make one demo,
    /// and a failure leaves the account free to get one next time. True when this call made it.
    func createDemo(_ series: Series, talk: StageTalk, slides: [Slide], assets: [MediaAsset], accountID: UUID, at: Date) async throws -> Bool
}
