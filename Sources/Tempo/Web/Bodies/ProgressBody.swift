import CadenceCore
import Tempo
import Web

/// `GET /api/v1/tempo/progress`.
struct ProgressBody: JSONResponse {
    let weeks: [RunProgress.Week]
    let bests: [RunProgress.Best]
    let timeZone: String

    init(progress: RunProgress) {
        weeks = progress.weeks
        bests = progress.bests
        timeZone = progress.timeZone
    }
}
