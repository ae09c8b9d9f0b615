import CadenceCore
import Foundation
import Stage
import StageService

/// `/phone/stage`: the menu, with the last talk presented.
struct StageHomePage: Sendable {
    struct LastTalk: Sendable {
        let id: String
        let title: String
        let detail: String
    }

    let lastTalk: LastTalk?
    let hint: String

    init(lastTalk talk: StageTalk?, words: StageWords) {
        lastTalk = talk.map { LastTalk(id: StagePagesController.id($0.id), title: $0.title,
                                       detail: words("stage.home.last_talk_detail", ["title": $0.title])) }
        hint = words.html("stage.home.hint", href: "/phone/devices")
    }
}
