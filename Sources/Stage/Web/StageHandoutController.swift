import CadenceCore
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import Stage
import Web
import StageService

/// `/api/v1/stage/talks/{id}/handout.pdf` and `…/handout/email` (S7), over `StageHandouts`.
struct StageHandoutController {
    let handouts: StageHandouts

    func addRoutes(to api: APIGroups) {
        api.account.get("talks/:id/handout.pdf", use: download)
        api.person.post("talks/:id/handout/email", use: email)
    }

    @Sendable func download(request: Request, context: AccountContext) async throws -> Response {
        let account = context.account
        let handout = try await handouts.make(talkID: try context.parameters.requireID("id"), accountID: account.id,
                                              notesLanguage: request.uri.queryParameters["notesLanguage"].map(String.init),
                                              paper: request.uri.queryParameters["paper"].map(String.init),
                                              words: Self.words(interface: request.messages(account: context.settingsAccount)),
                                              languageName: Self.languageName)
        var headers: HTTPFields = [
            .contentType: "application/pdf",
            // inline: the browser shows it (and prints it); the download link adds the download attribute.
            .contentDisposition: "inline; filename=\"\(handout.filename)\"",
            .cacheControl: "no-store",
        ]
        // Characters no installed font can draw are printed as their code points ("[U+1FAE8]") and named here, so a
        // program (or the person, in the PDF itself) knows which font package would print them.
        if !handout.missingCharacters.isEmpty {
            headers[Self.missingCharactersHeader] = handout.missingCharacters.prefix(100).joined(separator: " ")
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: handout.pdf)))
    }

    static let missingCharactersHeader = HTTPField.Name("Cadence-Missing-Characters")!

    @Sendable func email(request: Request, context: SignedInContext) async throws -> EditedResponse<[String: String]> {
        let account = context.identity.account
        let handout = try await handouts.make(talkID: try context.parameters.requireID("id"), accountID: account.id,
                                              notesLanguage: request.uri.queryParameters["notesLanguage"].map(String.init),
                                              paper: request.uri.queryParameters["paper"].map(String.init),
                                              words: Self.words(interface: PageRenderer.messages(for: request, context: context)),
                                              languageName: Self.languageName)
        try await handouts.email(handout, to: account, logger: context.logger)
        return EditedResponse(status: .accepted, response: ["sentTo": account.email])
    }

    /// The notes language's name on the handout, as the pages name it.
    static let languageName: @Sendable (String, Language) -> String = { StageWords.languageName($0, in: $1) }

    /// The handout's own words ("Slide", "slides", "continued"…) come from the catalogue of its notes' language; a
    /// notes language with no catalogue (Portuguese notes, say) gets the interface's.
    static func words(interface: Messages) -> @Sendable (String) -> Messages {
        { tag in
            guard let language = Language(code: tag), language != .pseudo else { return interface }
            return interface.language == language ? interface : Catalogues.bundled.messages(language)
        }
    }
}
