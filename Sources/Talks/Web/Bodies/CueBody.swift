import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct CueBody: Encodable {
    let id: UUID
    let keyword: String
    /// Seconds from the start.
    let at: Int
    /// The same as typed: m:ss.
    let time: String

    init(_ cue: Cue) {
        id = cue.id
        keyword = cue.keyword
        at = cue.at
        time = CueTime.format(cue.at)
    }
}
