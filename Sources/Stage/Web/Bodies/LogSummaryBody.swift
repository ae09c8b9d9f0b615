import Foundation
import Hummingbird
import Stage
import StageService
import Web

struct LogSummaryBody: JSONResponse {
    let id: UUID
    let talkTitle: String
    let startedAt: Int64
    let durationMs: Int64
    let slideCount: Int
}
