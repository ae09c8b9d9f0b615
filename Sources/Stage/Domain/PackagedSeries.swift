import CadenceCore
import Foundation

/// A series as it travels in a `.cadence` package (S7): its languages, its talks with their
/// order, visibility, appeal and slides, and what each picture or video is. Media are named by
/// the id they had where the package was made; installing gives every series, talk, slide and
/// picture a fresh id, so the same package can be installed by many people (or twice).
public struct PackagedSeries: Codable, Sendable, Equatable {
    public struct Talk: Codable, Sendable, Equatable {
        public var title: String
        public var appeal: AppealChoice
        public var arrangement: [SlidePlacement]
        public var slides: [Slide]
    }

    public struct Media: Codable, Sendable, Equatable {
        /// The asset id the slides refer to.
        public var id: UUID
        /// The file's name in the package: the id with the file's extension (so pictures and
        /// videos are stored as they are, not compressed again).
        public var name: String
        public var contentType: String
        public var width: Int?
        public var height: Int?
        public var durationMs: Int64?
    }

    public var title: String
    public var slideLanguages: [String]
    public var notesLanguages: [String]
    public var talks: [Talk]
    public var media: [Media]

    public init(series: Series, talks: [(talk: StageTalk, slides: [Slide])], assets: [MediaAsset]) {
        title = series.title
        slideLanguages = series.slideLanguages
        notesLanguages = series.notesLanguages
        self.talks = talks.sorted { $0.talk.position < $1.talk.position }.map {
            Talk(title: $0.talk.title, appeal: $0.talk.appeal, arrangement: $0.talk.arrangement, slides: $0.slides)
        }
        media = assets.map {
            Media(id: $0.id, name: "\($0.id.uuidString.lowercased()).\($0.fileExtension)", contentType: $0.contentType,
                  width: $0.width, height: $0.height, durationMs: $0.durationMs)
        }
    }

    /// The records to store for one account: new ids throughout, the slides pointing at the
    /// new ids of their media (`newMediaID` maps a packaged media id to the installed one).
    /// Checks what a hand-made package could get wrong: titles, languages, slides that refer
    /// to media the package lacks, orders naming slides that are not there.
    public func records(seriesID: UUID, newMediaID: [UUID: UUID]) throws(ValidationError) -> (series: Series, talks: [(talk: StageTalk, slides: [Slide])]) {
        let series = try Series(id: seriesID, title: title, slideLanguages: slideLanguages, notesLanguages: notesLanguages)
        var installed: [(talk: StageTalk, slides: [Slide])] = []
        for (index, talk) in talks.enumerated() {
            var newSlideID: [UUID: UUID] = [:]
            var slides: [Slide] = []
            for slide in talk.slides {
                var media = Localized<UUID>()
                for (language, id) in slide.media.values {
                    guard let installedID = newMediaID[id] else {
                        throw ValidationError(field: "talks[\(index)].slides", "A slide refers to a picture the package does not contain.", key: "stage.error.package_slide_picture_missing")
                    }
                    media.values[language] = installedID
                }
                let id = UUID()
                newSlideID[slide.id] = id
                slides.append(try Slide(id: id, kind: slide.kind, media: media, notes: slide.notes, overlays: slide.overlays,
                                        appeal: slide.appeal, title: slide.title))
            }
            let arrangement = try talk.arrangement.map { placement throws(ValidationError) -> SlidePlacement in
                guard let id = newSlideID[placement.slideID] else {
                    throw ValidationError(field: "talks[\(index)].arrangement", "The talk's order names a slide the package does not contain.", key: "stage.error.package_order_slide_missing")
                }
                return SlidePlacement(slideID: id, hidden: placement.hidden)
            }
            let stageTalk = try StageTalk(seriesID: seriesID, title: talk.title, position: index, arrangement: arrangement, appeal: talk.appeal)
            installed.append((stageTalk, slides))
        }
        return (series, installed)
    }
}
