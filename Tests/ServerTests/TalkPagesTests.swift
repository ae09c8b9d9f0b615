import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// T2 on the phone's Talks pages: a refused form comes back with what was typed, the wrong
/// field marked (`aria-invalid`, described by the message) and nothing saved, whichever form it was.
@Suite(.timeLimit(.minutes(5))) struct TalkPagesTests {
    /// One refused post: the form's fields as typed, and the field the message must mark.
    struct Refusal: Sendable, CustomStringConvertible {
        let path: String  // after /phone/talks; {topic} and {cue} ("Method") are filled in
        let fields: [String: String]
        let inputs: [String: String]  // field → the id of its input on the page
        let marked: String
        let message: String
        var description: String { "\(path) \(fields)" }
    }

    static let refusals: [Refusal] = [
        Refusal(path: "/{topic}/cues/{cue}", fields: ["keyword": "Approach", "time": "9:00"],
                inputs: ["keyword": "keyword-{cue}", "time": "time-{cue}"], marked: "time", message: "is after the end of the talk"),
        Refusal(path: "/{topic}/cues/{cue}", fields: ["keyword": "  ", "time": "0:50"],
                inputs: ["keyword": "keyword-{cue}", "time": "time-{cue}"], marked: "keyword", message: "Enter a keyword."),
        Refusal(path: "/{topic}", fields: ["title": "Viva", "duration": "1:00"],
                inputs: ["title": "edit-title", "duration": "edit-duration"], marked: "duration", message: "would fall after the end"),
        Refusal(path: "/{topic}", fields: ["title": "", "duration": "abc"],
                inputs: ["title": "edit-title", "duration": "edit-duration"], marked: "title", message: "Give the talk a title."),
        Refusal(path: "/{topic}/cues", fields: ["keyword": "Late", "time": "-5"],
                inputs: ["keyword": "keyword", "time": "time"], marked: "time", message: "cannot be negative"),
        Refusal(path: "", fields: ["title": "Another talk", "duration": "ten minutes"],
                inputs: ["title": "title", "duration": "duration"], marked: "duration", message: "is not a time"),
    ]

    @Test(arguments: refusals)
    func aRefusedFormKeepsWhatWasTypedAndMarksTheField(_ refusal: Refusal) async throws {
        try await withTestServer { server in
            let token = try await server.client.register(email: uniqueEmail())
            let created = try await server.client.json(.post, "/api/v1/talks/topics", body: TalksAPITests.demo, token: token)
            let topic = try #require(created.object["id"] as? String).lowercased()
            let cues = try #require(created.object["cues"] as? [[String: Any]])
            let cue = try #require(cues.first { $0["keyword"] as? String == "Method" }?["id"] as? String).lowercased()
            let fill = { (text: String) in text.replacingOccurrences(of: "{topic}", with: topic).replacingOccurrences(of: "{cue}", with: cue) }
            let csrf = try await PagesTests.csrf(server)
            let response = try await PagesTests.postForm(server, "/phone/talks" + fill(refusal.path),
                                                         refusal.fields.merging(["_csrf": csrf]) { $1 },
                                                         cookies: "cadence_session=\(token); cadence_csrf=\(csrf)")
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains(#"role="alert" id="form-error""#))
            #expect(page.contains(refusal.message), "\(page)")
            for (field, typed) in refusal.fields {
                let input = try #require(Self.input(fill(refusal.inputs[field]!), in: page), "no input for \(field)")
                #expect(input.contains(#"value="\#(Self.escaped(typed))""#), "\(field): \(input)")
                let marked = input.contains(#"aria-invalid="true""#)
                    && input.range(of: #"aria-describedby="([a-z-]+ )*form-error""#, options: .regularExpression) != nil
                #expect(marked == (field == refusal.marked), "\(field): \(input)")
            }
            #expect(Self.inputs(in: page).filter { $0.contains("aria-invalid") }.count == 1)  // only that field
            if refusal.path.contains("/cues/") {
                #expect(page.contains(#"<details class="cue-edit" open>"#))  // the refused edit stays open
                #expect(page.components(separatedBy: "<details class=\"cue-edit\"").count == 4)
            }
            // Nothing was saved.
            let saved = try await server.client.json(.get, "/api/v1/talks/topics/\(topic)", token: token).object
            #expect(saved["title"] as? String == "Thesis defence")
            #expect(saved["duration"] as? Int == 120)
            #expect((saved["cues"] as? [[String: Any]])?.map { $0["keyword"] as? String } == ["Intro", "Method", "Close"])
        }
    }

    static func inputs(in page: String) -> [String] {
        page.components(separatedBy: "<input").dropFirst().map { "<input" + $0.prefix { $0 != ">" } + ">" }
    }

    static func input(_ id: String, in page: String) -> String? {
        inputs(in: page).first { $0.contains(#"id="\#(id)""#) }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
