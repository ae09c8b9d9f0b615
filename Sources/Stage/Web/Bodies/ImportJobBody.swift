import CadenceCore
import Foundation
import Hummingbird
import Stage
import StageService
import Web

/// An import as its page follows it: `stage` and `message` in English for programs, `stageText` and `messageText` in
/// the asker's language (said from the job's keys; a job without them says its English).
struct ImportJobBody: JSONResponse {
    let id: UUID
    let filename: String
    let state: String
    let fraction: Double
    let stage: String
    let message: String?
    let stageText: String
    let messageText: String?
    let talkId: UUID?

    init(_ job: ImportJob, messages: Messages) {
        id = job.id
        filename = job.filename
        state = job.state.rawValue
        fraction = job.fraction
        stage = job.stage
        message = job.message
        stageText = job.stageKey.flatMap { messages.say(all: [$0]) } ?? job.stage
        messageText = messages.say(all: job.messageKeys) ?? job.message
        talkId = job.talkID
    }
}
