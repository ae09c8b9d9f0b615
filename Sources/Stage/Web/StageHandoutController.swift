import CadenceCore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Stage
import Web
import StageService

/// `/api/v1/stage/talks/{id}/handout.pdf` and `…/handout/email` (S7), over `StageHandouts`.
struct StageHandoutController {
    let handouts: StageHandouts

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.get("talks/:id/handout.pdf", use: download)
        group.post("talks/:id/handout/email", use: email)
    }

    @Sendable func download(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let handout = try await handouts.make(talkID: try context.parameters.requireID("id"), accountID: account.id,
                                              notesLanguage: request.uri.queryParameters["notesLanguage"].map(String.init),
                                              paper: request.uri.queryParameters["paper"].map(String.init))
        return Response(status: .ok, headers: [
            .contentType: "application/pdf",
            // inline: the browser shows it (and prints it); the download link adds the download attribute.
            .contentDisposition: "inline; filename=\"\(handout.filename)\"",
            .cacheControl: "no-store",
        ], body: .init(byteBuffer: ByteBuffer(bytes: handout.pdf)))
    }

    @Sendable func email(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let handout = try await handouts.make(talkID: try context.parameters.requireID("id"), accountID: account.id,
                                              notesLanguage: request.uri.queryParameters["notesLanguage"].map(String.init),
                                              paper: request.uri.queryParameters["paper"].map(String.init))
        try await handouts.email(handout, to: account, logger: context.logger)
        return .json(["sentTo": account.email], status: .accepted)
    }
}
