import Foundation
import Hummingbird
import Stage
import StageService
import Web

struct SeriesDetailBody: JSONResponse {
    let series: SeriesBody
    let talks: [TalkSummaryBody]
}
