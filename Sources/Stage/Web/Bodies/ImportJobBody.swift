import Foundation
import Hummingbird
import Stage
import StageService
import Web

/// An overlay with its words in the chosen language, ready to draw (in the deck and on the screens).
struct ImportJobBody: JSONResponse {
    let id: UUID
    let filename: String
    let state: String
    let fraction: Double
    let stage: String
    let message: String?
    let talkId: UUID?

    init(_ job: ImportJob) {
        id = job.id
        filename = job.filename
        state = job.state.rawValue
        fraction = job.fraction
        stage = job.stage
        message = job.message
        talkId = job.talkID
    }
}
