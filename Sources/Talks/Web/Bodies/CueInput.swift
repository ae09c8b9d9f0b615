import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct CueInput: Decodable {
    let id: UUID?
    let keyword: String
    let time: TimeInput
}
