import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage`: the menu, with the last talk presented.
struct StageHomePage: Sendable {
    struct LastTalk: Sendable {
        let id: String
        let title: String
    }

    let lastTalk: LastTalk?

    init(lastTalk talk: StageTalk?) {
        lastTalk = talk.map { LastTalk(id: StagePagesController.id($0.id), title: $0.title) }
    }
}
