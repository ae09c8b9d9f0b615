import CadenceCore
import Foundation
import Stage

/// The library's everyday use cases: series kept and changed, talks opened, pictures fetched, the presenter's
/// preferences. Each refuses what is not the account's with `NotFound`.
extension StageLibrary {
    public func createSeries(title: String, slideLanguages: [String], notesLanguages: [String], accountID: UUID) async throws -> Series {
        let series = try Series(title: title, slideLanguages: slideLanguages, notesLanguages: notesLanguages)
        try await store.saveSeries(series, accountID: accountID, at: clock.now())
        return series
    }

    public func series(_ id: UUID, accountID: UUID) async throws -> Series {
        guard let series = try await store.series(id: id, accountID: accountID) else { throw NotFound("series") }
        return series
    }

    /// A series and its talks, in their order.
    public func seriesWithTalks(_ id: UUID, accountID: UUID) async throws -> (Series, [StageTalk]) {
        let series = try await series(id, accountID: accountID)
        return (series, try await store.talks(seriesID: series.id, accountID: accountID))
    }

    /// Renames a series or chooses which of its languages the slides and notes show; nil leaves a field as it is.
    public func updateSeries(_ id: UUID, title: String?, slideLanguage: String?, notesLanguage: String?,
                             accountID: UUID) async throws -> Series {
        var series = try await series(id, accountID: accountID)
        if let title {
            series.title = try RequiredText.check(title, field: "title", maximumLength: Series.maximumTitleLength,
                                                  whenEmpty: "Give the series a title.", noun: "A series title",
                                                  keys: Series.titleKeys)
        }
        try series.choose(slideLanguage: slideLanguage ?? series.slideLanguage, notesLanguage: notesLanguage ?? series.notesLanguage)
        try await store.saveSeries(series, accountID: accountID, at: clock.now())
        return series
    }

    /// Deletes a series, its talks and its files.
    public func removeSeries(_ id: UUID, accountID: UUID) async throws {
        guard let assets = try await store.deleteSeries(id: id, accountID: accountID) else { throw NotFound("series") }
        await files.remove(assets, accountID: accountID)
    }

    /// The deck to present; the talk becomes the one Stage's home offers to resume.
    public func openDeck(talkID: UUID, accountID: UUID) async throws -> LoadedTalk {
        guard let loaded = try await load(talkID: talkID, accountID: accountID) else { throw NotFound("talk") }
        try await store.setLastTalk(talkID, accountID: accountID)
        return loaded
    }

    /// Every series of the account with its counts and size, the demo included.
    public func allSeries(accountID: UUID) async throws -> [SeriesSummary] {
        try await store.allSeries(accountID: accountID)
    }

    /// The talk last opened for presenting, while it still exists.
    public func lastTalk(accountID: UUID) async throws -> StageTalk? {
        guard let id = try await store.preferences(accountID: accountID).lastTalkID else { return nil }
        return try await store.talk(id: id, accountID: accountID)
    }

    /// A talk with the series it belongs to.
    public func talkInSeries(_ id: UUID, accountID: UUID) async throws -> (StageTalk, Series) {
        guard let talk = try await store.talk(id: id, accountID: accountID),
              let series = try await store.series(id: talk.seriesID, accountID: accountID)
        else { throw NotFound("talk") }
        return (talk, series)
    }

    /// The picture of a talk's first shown slide in the series' slide language: its cover in lists.
    public func cover(of talk: StageTalk, in series: Series, accountID: UUID) async throws -> UUID? {
        guard let first = talk.arrangement.first(where: { !$0.hidden }),
              let slide = try await store.slide(id: first.slideID, accountID: accountID)
        else { return nil }
        return slide.media.resolve(series.slideLanguage, fallbacks: series.slideLanguages)
    }

    /// The cover of a series: its first talk's.
    public func cover(ofSeries seriesID: UUID, accountID: UUID) async throws -> UUID? {
        guard let series = try await store.series(id: seriesID, accountID: accountID),
              let talk = try await store.talks(seriesID: seriesID, accountID: accountID).first
        else { return nil }
        return try await cover(of: talk, in: series, accountID: accountID)
    }

    public func talk(_ id: UUID, accountID: UUID) async throws -> StageTalk {
        guard let talk = try await store.talk(id: id, accountID: accountID) else { throw NotFound("talk") }
        return talk
    }

    /// A slide's picture or video.
    public func asset(_ id: UUID, accountID: UUID) async throws -> MediaAsset {
        guard let asset = try await store.asset(id: id, accountID: accountID) else { throw NotFound("picture or video") }
        return asset
    }

    /// How long a slide's video or sound lasts, when the file is there and says.
    public func mediaDuration(_ assetID: UUID, accountID: UUID) async throws -> Int64? {
        try await store.asset(id: assetID, accountID: accountID)?.durationMs
    }

    public func preferences(accountID: UUID) async throws -> StagePreferences {
        try await store.preferences(accountID: accountID)
    }

    /// Saves the preferences given (one left out stays as it is); each is written on its own, so two devices
    /// never undo each other's.
    public func savePreferences(advanceMethod: AdvanceMethod?, screenMode: ScreenMode?, accountID: UUID) async throws -> StagePreferences {
        if let advanceMethod { try await store.setAdvanceMethod(advanceMethod, accountID: accountID) }
        if let screenMode { try await store.setScreenMode(screenMode, accountID: accountID) }
        return try await store.preferences(accountID: accountID)
    }
}
