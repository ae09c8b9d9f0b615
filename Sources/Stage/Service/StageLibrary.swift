import CadenceCore
import Foundation
import Logging
import Stage

/// The Stage library (S1, S9) over its repository and file store: the demo series, which
/// series are shown, decks for presenting, and deleting a series with its files.
public struct StageLibrary: Sendable {
    public let store: any StageStore
    public let variations: any StageVariationStore
    public let files: AssetStore
    public let clock: any WallClock
    public let logger: Logger

    public init(store: any StageStore, variations: any StageVariationStore, files: AssetStore, clock: any WallClock, logger: Logger) {
        self.store = store
        self.variations = variations
        self.files = files
        self.clock = clock
        self.logger = logger
    }

    /// Creates the demo series the first time an account opens Stage. Concurrent first
    /// visits wait on one another in the database; the one that loses removes its files.
    public func ensureDemo(accountID: UUID) async throws {
        guard try await store.preferences(accountID: accountID).demoCreated == false else { return }
        let demo = DemoSeries.make()
        var assets: [MediaAsset] = []
        for picture in demo.pictures {
            assets.append(try await files.store(Data(picture.svg.utf8), id: picture.id, seriesID: demo.series.id, contentType: "image/svg+xml",
                                          width: SlideArt.width, height: SlideArt.height, origin: .shipped, accountID: accountID))
        }
        let created: Bool
        do {
            created = try await store.createDemo(demo.series, talk: demo.talk, slides: demo.slides, assets: assets,
                                                 accountID: accountID, at: clock.now())
        } catch {
            await files.remove(assets, accountID: accountID)
            throw error
        }
        if created {
            logger.info("created the Stage demo series", metadata: ["account": "\(accountID)"])
        } else {
            await files.remove(assets, accountID: accountID)
        }
    }

    /// The series to list. The demo steps aside once the person has a complete series of
    /// their own (one with a talk: imports add a talk only when it is whole).
    public func visibleSeries(accountID: UUID) async throws -> [SeriesSummary] {
        try await ensureDemo(accountID: accountID)
        let all = try await store.allSeries(accountID: accountID)
        let hasOwn = all.contains { !$0.series.isDemo && $0.talkCount > 0 }
        return all.filter { !($0.series.isDemo && hasOwn) }
    }

    public struct LoadedTalk: Sendable {
        public let talk: StageTalk
        public let series: Series
        public let slides: [Slide]
        public let deck: Deck
        public let assets: [UUID: MediaAsset]
    }

    /// Everything the presenter needs for a talk as its chosen variation shows it, in the series' chosen languages.
    public func load(talkID: UUID, accountID: UUID) async throws -> LoadedTalk? {
        guard let (series, edited) = try await edited(talkID: talkID, accountID: accountID) else { return nil }
        let deck = Deck(talk: edited.talk, slides: edited.slides, languages: series.deckLanguages)
        let slides = Array(edited.slides.values)
        let assetIDs = Set(slides.flatMap { $0.media.values.values })
        let assets = try await store.assets(ids: Array(assetIDs), accountID: accountID)
        return LoadedTalk(talk: edited.talk, series: series, slides: slides, deck: deck,
                          assets: Dictionary(uniqueKeysWithValues: assets.map { ($0.id, $0) }))
    }

    /// The talk as a variation shows it: the one asked for, else the one the talk presents now.
    public func edited(talkID: UUID, accountID: UUID, variationID: UUID? = nil) async throws -> (Series, EditedTalk)? {
        guard let (talk, series, variation) = try await variation(talkID: talkID, accountID: accountID, variationID: variationID) else { return nil }
        let slides = try await store.slides(talkID: talkID, accountID: accountID)
        return (series, EditedTalk(talk: talk, slides: slides, variation: variation))
    }

    /// One slide of the talk as presented (its chosen variation, with the notes it edited), read
    /// without the talk's other slides: what the audience screens need at every step of a talk.
    /// nil when there is no such talk; a nil slide when the talk as presented has no such slide.
    public func presentedSlide(_ slideID: UUID, talkID: UUID, accountID: UUID) async throws -> (series: Series, slide: Slide?)? {
        guard let (talk, series, variation) = try await variation(talkID: talkID, accountID: accountID) else { return nil }
        let imported = try await store.slideIDs(talkID: talkID, accountID: accountID)
        let arrangement = variation.arrangement(of: talk) { imported.contains($0) || variation.addedSlide($0) != nil }
        guard arrangement.contains(where: { $0.slideID == slideID }) else { return (series, nil) }
        return (series, try await ownSlide(slideID, talkID: talkID, variation: variation, accountID: accountID).map(variation.withEditedNotes))
    }

    /// Saves one slide's notes in one language (edit mode's autosave) on `revision`, reading and
    /// writing that slide alone, so a 300-slide talk saves as fast as a short one. Answers the
    /// variation as saved and the slide with its notes as the variation now shows them.
    public func saveNotes(_ markup: String, language requestedLanguage: String?, slideID: UUID, talkID: UUID, variationID: UUID, revision: Int,
                   accountID: UUID) async throws -> (TalkVariation, Slide) {
        guard var (_, series, variation) = try await variation(talkID: talkID, accountID: accountID, variationID: variationID) else {
            throw NotFound("variation")
        }
        guard revision == variation.revision else { throw Self.conflict(currentRevision: variation.revision) }
        guard let own = try await ownSlide(slideID, talkID: talkID, variation: variation, accountID: accountID) else {
            throw ValidationError(field: "slideId", "This talk has no such slide.", key: "stage.error.no_such_slide")
        }
        let language: String
        do {
            language = try series.notesLanguage(requestedLanguage)
            try variation.setNotes(markup, of: own, language: language)
        } catch { throw ValidationError(field: error.field, error.message) }
        guard try await variations.saveNotes(variation.edits.notes[slideID]?[language], slideID: slideID, language: language,
                                             variation: variation, accountID: accountID, at: clock.now())
        else { throw Self.conflict(currentRevision: nil) }
        variation.revision += 1
        return (variation, variation.withEditedNotes(own))
    }

    /// The talk, its series and one of its variations: the one asked for, else the one the talk
    /// presents now (its original until another is chosen). nil when any is not this account's.
    private func variation(talkID: UUID, accountID: UUID, variationID: UUID? = nil) async throws -> (StageTalk, Series, TalkVariation)? {
        guard let talk = try await store.talk(id: talkID, accountID: accountID),
              let series = try await store.series(id: talk.seriesID, accountID: accountID)
        else { return nil }
        let id: UUID
        if let variationID { id = variationID } else { id = try await variations.activeVariationID(talkID: talkID, accountID: accountID) }
        guard let variation = try await variations.variation(id: id, talkID: talkID, accountID: accountID)
            ?? (variationID == nil ? TalkVariation.original(of: talkID) : nil)
        else { return nil }
        return (talk, series, variation)
    }

    /// A slide of the talk as imported or as the variation added it, before its notes edits.
    private func ownSlide(_ slideID: UUID, talkID: UUID, variation: TalkVariation, accountID: UUID) async throws -> Slide? {
        if let added = variation.addedSlide(slideID) { return added }
        return try await store.slide(id: slideID, talkID: talkID, accountID: accountID)
    }

    /// Someone saved the variation since the revision an edit was made on.
    public static func conflict(currentRevision: Int?) -> Conflict {
        let now = currentRevision.map { " (now revision \($0))" } ?? ""
        return Conflict(code: "edit_conflict", "This variation was changed on another device\(now); reload it, then edit again.",
                        field: "revision", key: currentRevision == nil ? "stage.error.edit_conflict" : "stage.error.edit_conflict_revision", ["revision": currentRevision.map(String.init) ?? ""])
    }

    /// Saves an edited variation; a 409 naming the conflict when it was saved elsewhere meanwhile.
    @discardableResult
    public func save(_ variation: TalkVariation, accountID: UUID) async throws -> TalkVariation {
        var variation = variation
        guard try await variations.saveVariation(variation, accountID: accountID, at: clock.now()) else {
            throw Self.conflict(currentRevision: nil)
        }
        variation.revision += 1
        return variation
    }

    /// Applies one change to the variation the talk presents now, retrying once if another device
    /// saved in between (order, visibility and appeal are set whole, so the later one simply wins).
    /// Answers the talk as changed and the variation as saved (its new revision).
    public func changeActive(talkID: UUID, accountID: UUID, _ change: (inout EditedTalk) throws -> Void) async throws -> (EditedTalk, TalkVariation) {
        for attempt in 0..<2 {
            guard var (_, edited) = try await edited(talkID: talkID, accountID: accountID) else { throw NotFound("talk") }
            try change(&edited)
            do {
                return (edited, try await save(edited.variation, accountID: accountID))
            } catch let error as Conflict where error.code == "edit_conflict" && attempt == 0 {
                continue
            }
        }
        throw Conflict(code: "edit_conflict", "This talk is being changed on another device; try again.", key: "stage.error.busy")
    }

    public static func assetURL(_ id: UUID) -> String { "/api/v1/stage/assets/\(id.uuidString.lowercased())" }
}
