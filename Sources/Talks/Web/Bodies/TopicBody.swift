import CadenceCore
import Foundation
import Web
import Hummingbird
import Talks
import TalksService

struct TopicBody: JSONResponse {
    let id: UUID
    let title: String
    let duration: Int
    let durationText: String
    let cues: [CueBody]
    /// Its version, also the `ETag` header: send it back as `If-Match` with an edit.
    let etag: String

    /// The body with its `ETag` header.
    var tagged: Response { response(etag: etag) }

    init(_ topic: Topic) {
        id = topic.id
        title = topic.title
        duration = topic.duration
        durationText = CueTime.format(topic.duration)
        cues = topic.cues.map(CueBody.init)
        etag = topic.etag
    }
}
