import CadenceCore
import Foundation
import Stage

/// What imports, packages and the slide editor read and add: a series' whole contents, slides and their files.
extension StageLibrary {
    /// A series with every talk's slides and the files they show (what a package holds).
    public func contents(ofSeries id: UUID, accountID: UUID) async throws
        -> (series: Series, talks: [(talk: StageTalk, slides: [Slide])], assets: [MediaAsset]) {
        let series = try await series(id, accountID: accountID)
        var talks: [(talk: StageTalk, slides: [Slide])] = []
        for talk in try await store.talks(seriesID: id, accountID: accountID) {
            talks.append((talk, try await store.slides(talkID: talk.id, accountID: accountID)))
        }
        let assetIDs = Set(talks.flatMap { $0.slides.flatMap { $0.media.values.values } })
        return (series, talks, try await store.assets(ids: Array(assetIDs), accountID: accountID))
    }

    /// A talk's slides as imported (keyed by id), with its imported order.
    public func importedSlides(talkID: UUID, accountID: UUID) async throws -> (order: [UUID], slides: [UUID: Slide]) {
        let talk = try await talk(talkID, accountID: accountID)
        let slides = try await store.slides(talkID: talkID, accountID: accountID)
        return (talk.arrangement.map(\.slideID), Dictionary(uniqueKeysWithValues: slides.map { ($0.id, $0) }))
    }

    /// A slide of any of the account's talks, if there is one with this id.
    public func slide(_ id: UUID, accountID: UUID) async throws -> Slide? {
        try await store.slide(id: id, accountID: accountID)
    }

    public func assets(ids: [UUID], accountID: UUID) async throws -> [MediaAsset] {
        try await store.assets(ids: ids, accountID: accountID)
    }

    /// Keeps files already adopted into the file store (an uploaded picture for a new slide).
    public func addAssets(_ assets: [MediaAsset], accountID: UUID) async throws {
        try await store.addAssets(assets, accountID: accountID, at: clock.now())
    }

    /// An imported deck as a new talk at the end of a series. A series made for this import is kept only with
    /// its talk: if the talk cannot be kept, the new series goes too.
    public func addImportedTalk(title: String, slides: [Slide], hidden: [Bool], assets: [MediaAsset], to series: Series,
                                seriesIsNew: Bool, accountID: UUID) async throws -> StageTalk {
        let position = seriesIsNew ? 0 : try await store.talks(seriesID: series.id, accountID: accountID).count
        let talk = try StageTalk(
            seriesID: series.id, title: String(title.prefix(StageTalk.maximumTitleLength)), position: position,
            arrangement: zip(slides, hidden).map { SlidePlacement(slideID: $0.id, hidden: $1) })
        if seriesIsNew { try await store.saveSeries(series, accountID: accountID, at: clock.now()) }
        do {
            try await store.insertTalk(talk, slides: slides, assets: assets, accountID: accountID, at: clock.now())
        } catch {
            if seriesIsNew { _ = try? await store.deleteSeries(id: series.id, accountID: accountID) }
            throw error
        }
        return talk
    }

    /// A series from a package, with its talks and the files already adopted.
    public func install(_ series: Series, talks: [(talk: StageTalk, slides: [Slide])], assets: [MediaAsset], accountID: UUID) async throws {
        try await store.installSeries(series, talks: talks, assets: assets, accountID: accountID, at: clock.now())
    }
}
