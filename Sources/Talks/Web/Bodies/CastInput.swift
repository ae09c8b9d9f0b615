import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct CastInput: Decodable {
    let topicId: UUID
}
