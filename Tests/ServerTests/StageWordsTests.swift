import CadenceCore
import Stage
@testable import StageWeb
import Testing

/// Stage's words made in Swift: a message with markup markers becomes HTML from its own template only, never from
/// what fills its placeholders; titles' refusals carry catalogue keys.
@Suite(.timeLimit(.minutes(5))) struct StageWordsTests {
    static let words = StageWords(.englishOnly([
        "x.hint": "Open {link}{name}{/link} or type {code}{command}{/code}.",
    ]))

    @Test func anArgumentHoldingAMarkerOrATagStaysText() {
        let html = Self.words.html("x.hint", href: "/a?b=1&c=2", ["name": "{strong}<b>Bold</b>{/strong}", "command": "{/code}{link}"])
        #expect(html == #"Open <a href="/a?b=1&amp;c=2">{strong}&lt;b&gt;Bold&lt;/b&gt;{/strong}</a> or type <code>{/code}{link}</code>."#)
    }

    @Test func titlesRefusalsHaveCatalogueKeys() {
        #expect(throws: ValidationError.self) { try Series(title: String(repeating: "a", count: Series.maximumTitleLength + 1)) }
        do {
            _ = try StageTalk(seriesID: .init(), title: "a\u{0}b")
            Issue.record("a NUL is refused")
        } catch {
            #expect(error.localized?.key == "stage.error.talk_title_nul")
        }
        do {
            _ = try TalkVariation(talkID: .init(), name: " ")
            Issue.record("an empty name is refused")
        } catch {
            #expect(error.localized?.key == "stage.error.variation_name_required")
        }
    }
}
