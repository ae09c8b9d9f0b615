import CadenceCore
import Spots
import Web

extension SpotsAPI {
    struct ImportBody: JSONResponse {
        /// A line that could not be read: `reason` in English for programs, `reasonText` in the asker's language
        /// (said from the warning's keys; English when a part of it has no key yet).
        struct Warning: Encodable {
            let line: Int
            let reason: String
            let reasonText: String

            init(_ warning: ICalendarImport.Warning, messages: Messages) {
                line = warning.line
                reason = warning.reason
                reasonText = messages.say(all: warning.reasonKeys) ?? warning.reason
            }
        }

        let imported: Int
        let updated: Int
        /// Lines that could not be read, and what was done instead (the first `maximumWarnings`); every task was kept.
        let warnings: [Warning]
        /// How many lines could not be read, listed or not.
        let warningCount: Int
    }
}
