import CadenceCore
import DeckImport
import Foundation
import Stage
import StagePackage

/// A talk's variations (S5, S6): create one from the original or another, rename, delete (never the original),
/// choose which the talk presents (the presenter and the displays follow), edit one on a named revision so two
/// devices editing at once get a conflict instead of losing work, and share one as a `.cadence` package.
public struct StageVariations: Sendable {
    /// One change made in edit mode.
    public enum Edit: Sendable {
        /// The slides in their new order, each shown or hidden.
        case arrange([SlidePlacement])
        case notes(markup: String, language: String?, slideID: UUID)
        /// Back to the notes the slide was imported with.
        case restoreNotes(slideID: UUID)
        case duplicate(slideID: UUID)
        case delete(slideID: UUID)
        case insert(NewSlide, at: Int)
        /// Back to the original.
        case reset
    }

    /// What "insert" adds: an uploaded picture or video, or a copy of a slide of any of the account's talks.
    public enum NewSlide: Sendable {
        case asset(UUID)
        case copy(slideID: UUID)
    }

    let library: StageLibrary
    let live: any LiveAnnouncing
    let clock: any WallClock

    var store: any StageVariationStore { library.variations }

    public init(library: StageLibrary, live: any LiveAnnouncing, clock: any WallClock) {
        self.library = library
        self.live = live
        self.clock = clock
    }

    // MARK: Listing and choosing

    /// The talk's variations, and the one it presents.
    public func list(talkID: UUID, accountID: UUID) async throws -> (active: UUID, variations: [TalkVariation]) {
        _ = try await library.talk(talkID, accountID: accountID)
        return (try await store.activeVariationID(talkID: talkID, accountID: accountID),
                try await store.variations(talkID: talkID, accountID: accountID))
    }

    /// One variation as edit mode shows it: the talk with the variation's differences applied.
    public func edited(_ variationID: UUID, talkID: UUID, accountID: UUID) async throws -> EditedTalk {
        guard let (_, edited) = try await library.edited(talkID: talkID, accountID: accountID, variationID: variationID) else {
            throw NotFound("variation")
        }
        return edited
    }

    /// Copies the few differences of the variation it starts from (nil: the original); the slides are shared.
    public func create(named name: String, from sourceID: UUID?, talkID: UUID, accountID: UUID) async throws -> TalkVariation {
        _ = try await library.talk(talkID, accountID: accountID)
        guard let source = try await store.variation(id: sourceID ?? talkID, talkID: talkID, accountID: accountID) else {
            throw ValidationError(field: "from", "This talk has no such variation to start from.", key: "stage.error.no_such_source_variation")
        }
        var variation = try source.copy(named: name)
        guard try await store.saveVariation(variation, accountID: accountID, at: clock.now()) else { throw NotFound("talk") }
        variation.revision = 1
        return variation
    }

    public func rename(_ variationID: UUID, to name: String, revision: Int, talkID: UUID, accountID: UUID) async throws -> TalkVariation {
        let current = try await edited(variationID, talkID: talkID, accountID: accountID).variation
        let renamed = try TalkVariation(id: current.id, talkID: current.talkID, name: name, edits: current.edits, revision: revision)
        return try await library.save(renamed, accountID: accountID)
    }

    /// Deletes a variation; if the talk presented it, it presents its original again and an open presenter follows.
    public func delete(_ variationID: UUID, talkID: UUID, accountID: UUID) async throws {
        _ = try await library.talk(talkID, accountID: accountID)
        guard variationID != talkID else { throw ValidationError(field: "variationId", "The original cannot be deleted; reset it instead.", key: "stage.error.original_kept") }
        let wasPresented = try await store.activeVariationID(talkID: talkID, accountID: accountID) == variationID
        guard try await store.deleteVariation(id: variationID, talkID: talkID, accountID: accountID) else { throw NotFound("variation") }
        if wasPresented {
            try await live.announceStageChoice(TalkVariation.original(of: talkID), accountID: accountID)
        }
    }

    /// The talk presents this variation from now on; an open presenter hears of it and reloads.
    public func choose(_ variationID: UUID, talkID: UUID, accountID: UUID) async throws -> TalkVariation {
        _ = try await library.talk(talkID, accountID: accountID)
        guard let variation = try await store.variation(id: variationID, talkID: talkID, accountID: accountID) else {
            throw ValidationError(field: "id", "This talk has no such variation.", key: "stage.error.no_such_variation")
        }
        try await store.setActiveVariation(variation.id, talkID: talkID, accountID: accountID)
        try await live.announceStageChoice(variation, accountID: accountID)
        return variation
    }

    // MARK: Editing

    /// Saves the order and visibility of the talk as presented, in one write.
    public func arrangePresented(_ placements: [SlidePlacement], talkID: UUID, accountID: UUID) async throws -> EditedTalk {
        let (edited, saved) = try await library.changeActive(talkID: talkID, accountID: accountID) { edited in
            try edited.rearrange(placements)
        }
        try await live.announceStageEdit(saved, accountID: accountID)
        return edited
    }

    /// Changes the appeal of the talk as presented. An open presenter takes it in the next time the appeal is shown
    /// (the seed's rule, A.3.4): at once when the appeal is not on screen, else when the presenter leaves it. No song
    /// given keeps the one chosen before (or the first offered), so a vocal appeal never loses its slides.
    public func chooseAppeal(_ kind: AppealKind, song: String?, talkID: UUID, accountID: UUID) async throws -> EditedTalk {
        let (edited, saved) = try await library.changeActive(talkID: talkID, accountID: accountID) { edited in
            let songs = Deck.songs(in: edited.slides.values)
            if let song, !song.isEmpty, !songs.contains(song) {
                throw ValidationError(field: "song", songs.isEmpty ? "This talk offers no songs." : "Choose one of: \(songs.joined(separator: ", ")).", key: songs.isEmpty ? "stage.error.no_songs" : "stage.error.song_choice", ["songs": songs.joined(separator: ", ")])
            }
            edited.chooseAppeal(AppealChoice(kind: kind, song: song.flatMap { $0.isEmpty ? nil : $0 } ?? edited.talk.appeal.song ?? songs.first))
        }
        try await live.announceStageEdit(saved, accountID: accountID)
        return edited
    }

    /// Applies one edit to the variation at `revision` and saves it; edit pages open elsewhere and the presenter
    /// hear of it.
    public func apply(_ edit: Edit, to variationID: UUID, revision: Int, talkID: UUID, accountID: UUID) async throws -> (EditedTalk, TalkVariation) {
        _ = try await library.talk(talkID, accountID: accountID)
        guard let (series, loaded) = try await library.edited(talkID: talkID, accountID: accountID, variationID: variationID) else {
            throw NotFound("variation")
        }
        guard revision == loaded.variation.revision else { throw StageLibrary.conflict(currentRevision: loaded.variation.revision) }
        var edited = loaded
        switch edit {
        case .arrange(let placements):
            try edited.rearrange(placements)
        case .notes(let markup, let language, let slideID):
            try edited.setNotes(markup, slideID: slideID, language: try series.notesLanguage(language))
        case .restoreNotes(let slideID):
            try edited.restoreNotes(slideID: slideID)
        case .duplicate(let slideID):
            _ = try edited.duplicate(slideID: slideID)
        case .delete(let slideID):
            // A slide added in edit mode may go; one the talk was imported with may only be hidden.
            let media = edited.slides[slideID].map { Array($0.media.values.values) } ?? []
            let assets = try await library.assets(ids: media, accountID: accountID)
            try edited.delete(slideID: slideID, deletable: assets.allSatisfy { $0.origin == .imported })
        case .insert(let source, let position):
            try edited.insert(try await slide(source, series: series, accountID: accountID), at: position)
        case .reset:
            edited.reset()
        }
        let saved = try await library.save(edited.variation, accountID: accountID)
        try await live.announceStageEdit(saved, accountID: accountID)
        return (edited, saved)
    }

    /// One slide's notes (edit mode's autosave): the same change as the `notes` edit, written alone.
    public func saveNotes(_ markup: String, language: String?, slideID: UUID, variationID: UUID, revision: Int,
                          talkID: UUID, accountID: UUID) async throws -> (TalkVariation, Slide) {
        let (saved, slide) = try await library.saveNotes(markup, language: language, slideID: slideID, talkID: talkID,
                                                         variationID: variationID, revision: revision, accountID: accountID)
        try await live.announceStageEdit(saved, accountID: accountID)
        return (saved, slide)
    }

    /// Adds an uploaded picture or video (the file is moved into the library) for "insert".
    /// `name`: the uploaded file's own name, for a refusal.
    public func addMedia(_ file: URL, name: String? = nil, talkID: UUID, accountID: UUID) async throws -> MediaAsset {
        let talk = try await library.talk(talkID, accountID: accountID)
        let media: SlideMediaProbe.Media
        do { media = try SlideMediaProbe.probe(file: file, name: name) } catch {
            // Neither a picture nor a video: "This file is not …"; a broken or oversized picture says so itself.
            if error == SlideMediaProbe.notMedia {
                throw ValidationError(field: "file", "This file \(error.message); insert a PNG or JPEG picture, or an MP4 or WebM video.",
                                      key: "stage.error.media_not_media")
            }
            throw ValidationError(field: "file", error.message, localized: error.localized)
        }
        let asset = try await library.files.adopt(file, seriesID: talk.seriesID, contentType: media.contentType, width: media.width,
                                            height: media.height, durationMs: media.durationMs, origin: .imported, accountID: accountID)
        try await library.addAssets([asset], accountID: accountID)
        return asset
    }

    private func slide(_ source: NewSlide, series: Series, accountID: UUID) async throws -> Slide {
        switch source {
        case .asset(let assetID):
            guard let asset = try await library.assets(ids: [assetID], accountID: accountID).first, asset.seriesID == series.id else {
                throw ValidationError(field: "assetId", "Upload the picture or video to this talk first (POST …/media).", key: "stage.error.upload_first")
            }
            let media = Localized(Dictionary(uniqueKeysWithValues: series.slideLanguages.map { ($0, asset.id) }))
            return try Slide(kind: asset.isVideo ? .video : .image, media: media)
        case .copy(let sourceID):
            guard let source = try await library.slide(sourceID, accountID: accountID) else {
                throw ValidationError(field: "slideId", "Say what to insert: an uploaded assetId, or the slideId of a slide from one of your talks.", key: "stage.error.insert_what")
            }
            return try Slide(kind: source.kind, media: source.media, notes: source.notes, overlays: source.overlays, title: source.title)
        }
    }

    // MARK: Sharing

    /// Writes the variation as a `.cadence` package of kind "variation" to `file`: order, visibility, notes and
    /// appeal by slide position, without the sharer's own pictures. Returns the variation's name.
    public func export(_ variationID: UUID, talkID: UUID, accountID: UUID, to file: URL) async throws -> String {
        let edited = try await edited(variationID, talkID: talkID, accountID: accountID)
        let (order, imported) = try await library.importedSlides(talkID: talkID, accountID: accountID)
        let shared = SharedVariation(edited, importedOrder: order, importedSlides: imported)
        _ = try PackageWriter.write(
            PackageInfo(kind: .variation, title: "\(shared.talkTitle) — \(shared.name)", languages: [], createdAt: clock.now()),
            content: try JSONEncoder().encode(shared), media: [], password: nil, to: file)
        return shared.name
    }

    /// A shared variation (a package in `work`). What the talk presented until now is first kept as a variation of
    /// its own, so nothing is lost; the imported one is then presented. Returns both, as saved.
    public func importShared(_ package: URL, work: URL, talkID: UUID, accountID: UUID) async throws -> (kept: TalkVariation, imported: TalkVariation) {
        _ = try await library.talk(talkID, accountID: accountID)
        let shared: SharedVariation
        do {
            let extracted = try PackageReader.extract(package, password: nil, into: work.appendingPathComponent("staging", isDirectory: true))
            guard extracted.manifest.kind == .variation else {
                throw ValidationError(field: "file", "This package holds a \(extracted.manifest.kind.rawValue); install it from Packages instead.", key: "stage.error.variation_package_kind", ["what": extracted.manifest.kind.rawValue])
            }
            shared = try JSONDecoder().decode(SharedVariation.self, from: extracted.content)
        } catch let error as PackageError {
            throw ValidationError(field: "file", error.message, localized: error.localized)
        } catch is DecodingError {
            throw ValidationError(field: "file", "The variation could not be read: it was not made by this version of Cadence.", key: "stage.error.variation_unreadable")
        }
        let (order, imported) = try await library.importedSlides(talkID: talkID, accountID: accountID)
        var incoming = try TalkVariation(talkID: talkID, name: String(shared.name.prefix(TalkVariation.maximumNameLength)),
                                         edits: try shared.edits(importedOrder: order, importedSlides: imported))
        guard let (_, current) = try await library.edited(talkID: talkID, accountID: accountID) else { throw NotFound("talk") }
        var kept = try current.variation.copy(named: String("Before \(shared.name)".prefix(TalkVariation.maximumNameLength)))
        // The kept state is listed before the imported one (a millisecond earlier, even on a frozen clock).
        let now = clock.now()
        guard try await store.saveVariation(kept, accountID: accountID, at: now),
              try await store.saveVariation(incoming, accountID: accountID, at: now.addingTimeInterval(0.001))
        else { throw NotFound("talk") }
        try await store.setActiveVariation(incoming.id, talkID: talkID, accountID: accountID)
        try await live.announceStageChoice(incoming, accountID: accountID)
        kept.revision = 1
        incoming.revision = 1
        return (kept, incoming)
    }
}
