import Foundation
import Hummingbird
import Stage
import StageService
import Web

struct TalkBody: JSONResponse {
    let id: UUID
    let seriesId: UUID
    let title: String
    let appeal: AppealChoice
    let songs: [String]
    let slides: [SlideBody]
    /// The variation shown: its id (the talk's own for the original), name and revision (edits name it).
    let variation: VariationBody

    /// - Parameter variation: the variation as saved, when it was just saved (its new revision).
    init(_ edited: EditedTalk, variation: TalkVariation? = nil) {
        let talk = edited.talk
        id = talk.id
        seriesId = talk.seriesID
        title = talk.title
        appeal = talk.appeal
        songs = Deck.songs(in: edited.slides.values)
        slides = talk.arrangement.compactMap { placement in edited.slides[placement.slideID].map { SlideBody($0, hidden: placement.hidden) } }
        self.variation = VariationBody(variation ?? edited.variation)
    }
}
