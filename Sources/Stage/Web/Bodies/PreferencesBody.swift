import Foundation
import Hummingbird
import Stage
import StageService
import Web

struct PreferencesBody: JSONResponse {
    let advanceMethod: String
    let screenMode: ScreenMode
    let lastTalkId: UUID?

    init(_ preferences: StagePreferences) {
        advanceMethod = preferences.advanceMethod.rawValue
        screenMode = preferences.screenMode
        lastTalkId = preferences.lastTalkID
    }
}
