import Foundation
import Hummingbird
import Stage
import StageService
import Web

struct TalkSummaryBody: JSONResponse {
    let id: UUID
    let seriesId: UUID
    let title: String
    let slideCount: Int
    let hiddenCount: Int
    let appeal: AppealChoice

    init(_ talk: StageTalk) {
        id = talk.id
        seriesId = talk.seriesID
        title = talk.title
        slideCount = talk.arrangement.count
        hiddenCount = talk.arrangement.filter(\.hidden).count
        appeal = talk.appeal
    }
}
