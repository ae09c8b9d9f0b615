import CadenceCore
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Stage
import Web

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
                                              query: request.uri.queryParameters)
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
                                              query: request.uri.queryParameters)
        try await handouts.email(handout, to: account, logger: context.logger)
        return .json(["sentTo": account.email], status: .accepted)
    }
}

/// A talk's presented slides (visible, in order, with the appeal chosen) as a PDF with their
/// notes in the chosen language, made in Swift; e-mailed only to the account's own address
/// (the server must not become a way to mail strangers).
struct StageHandouts {
    let library: StageLibrary
    let mailer: any Mailer
    let clock: any WallClock

    struct Handout {
        let title: String
        let pdf: Data
        var filename: String { StageHandouts.filename(title) }
    }

    /// - Parameter query: `notesLanguage` (default: the series' chosen one) and `paper` (a4, letter).
    func make(talkID: UUID, accountID: UUID, query: FlatDictionary<Substring, Substring> = [:]) async throws -> Handout {
        guard let loaded = try await library.load(talkID: talkID, accountID: accountID) else { throw APIError.notFound("talk") }
        let series = loaded.series
        let language: String
        do { language = try series.notesLanguage(query["notesLanguage"].map(String.init), field: "notesLanguage") } catch {
            throw APIError.invalid(field: error.field, error.message)
        }
        let paper: HandoutOptions.PaperSize
        switch query["paper"].map(String.init) ?? "a4" {
        case "a4": paper = .a4
        case "letter": paper = .usLetter
        default: throw APIError.invalid(field: "paper", "The paper is a4 or letter.")
        }
        let deck = Deck(talk: loaded.talk, slides: Dictionary(uniqueKeysWithValues: loaded.slides.map { ($0.id, $0) }),
                        languages: Deck.Languages(slide: series.slideLanguage, notes: language, fallbacks: series.slideLanguages))
        let slides = deck.entries.map { entry in
            HandoutSlide(number: entry.number, title: entry.title, picture: picture(entry, loaded, accountID: accountID),
                         notes: HandoutNotes.paragraphs(entry.notes))
        }
        let date = clock.now().formatted(.dateTime.day().month(.wide).year())
        let document = HandoutDocument(
            title: loaded.talk.title,
            subtitle: "\(series.title) · notes in \(LanguageTag.name(of: language)) · \(date)", slides: slides)
        return Handout(title: loaded.talk.title, pdf: HandoutWriter.pdf(for: document, options: HandoutOptions(paper: paper)))
    }

    func email(_ handout: Handout, to account: Account, logger: Logger) async throws {
        guard !(mailer is LogMailer) else {
            throw APIError(.serviceUnavailable, code: "mail_not_configured",
                           "This server has no mail server set up (cadence serve --smtp-url); download the handout instead.")
        }
        // A subject is one line: a title's line breaks and control characters (an imported file may
        // bring them) become spaces rather than a refused header.
        var message = MailMessage(to: account.email, subject: "Handout: \(MailFormat.oneLine(handout.title))",
                                  body: "The handout of \"\(handout.title)\" is attached: the slides with your notes.\n\n— Cadence")
        message.attachments = [MailAttachment(filename: handout.filename, contentType: "application/pdf", data: handout.pdf)]
        do {
            try await mailer.send(message)
        } catch {
            logger.error("handout e-mail failed", metadata: ["error": .string(String(describing: error))])
            throw APIError(.serviceUnavailable, code: "mail_failed", "The e-mail could not be sent; download the handout instead.")
        }
    }

    private func picture(_ entry: Deck.Entry, _ loaded: StageLibrary.LoadedTalk, accountID: UUID) -> HandoutPicture {
        if entry.kind == .video { return .missing("Video slide") }
        guard let id = entry.mediaID, let asset = loaded.assets[id] else { return .missing("No picture") }
        guard let data = try? Data(contentsOf: library.files.url(for: asset, accountID: accountID)) else {
            return .missing("The picture's file is missing")
        }
        switch asset.contentType {
        case "image/jpeg": return .jpeg(data)
        case "image/png": return .png(data)
        default: return .missing("A \(asset.contentType == "image/svg+xml" ? "drawn (SVG)" : asset.contentType) slide")
        }
    }

    static func filename(_ title: String) -> String {
        let safe = String(title.unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
        let stem = safe.split(separator: "-").joined(separator: "-").lowercased()
        return "\(stem.isEmpty ? "talk" : String(stem.prefix(60)))-handout.pdf"
    }
}
