import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

/// A time as seconds (90) or as typed (`"1:30"`).
struct TimeInput: Decodable {
    let text: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Int.self) { text = String(seconds) } else { text = try container.decode(String.self) }
    }
}
