import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct StepInput: Decodable {
    let action: String
    /// When the step happened (ms since 1970), for steps recorded offline; default now.
    let at: Int64?
}
