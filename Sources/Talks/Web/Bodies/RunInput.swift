import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct RunInput: Decodable {
    let topicId: UUID
    /// When the speaker pressed Start (ms since 1970): the watch shows the first cue at
    /// once, and the run starts at that same instant everywhere; default now.
    let at: Int64?
    /// The run's id as the watch chose it, so a start made offline and sent later (or sent twice) makes one run.
    let id: UUID?
}
