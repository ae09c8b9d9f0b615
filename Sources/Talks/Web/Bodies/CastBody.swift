import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct CastBody: JSONResponse {
    let topic: TopicBody?
    let run: RunBody?
    /// The server's clock when this was sent (ms since 1970): with the request's round trip,
    /// a device estimates its offset from the server's clock before any run exists.
    let serverTime: Int64

    init(_ state: CastState) {
        topic = state.topic.map(TopicBody.init)
        run = state.run.map { RunBody($0, now: state.serverTime) }
        serverTime = state.serverTime
    }
}
