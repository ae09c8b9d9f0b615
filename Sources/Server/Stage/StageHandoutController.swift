import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Stage

/// `/api/v1/stage/talks/{id}/handout.pdf` and `…/handout/email` (S7): a talk's presented
/// slides (visible, in order, with the appeal chosen) as a PDF with their notes in the chosen
/// language, made in Swift; downloaded, printed from the browser, or e-mailed to the account's
/// own address (never to another: the server must not become a way to mail strangers).
struct StageHandoutController {
    let library: StageLibrary
    let mailer: any Mailer
    let clock: any WallClock

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.get("talks/:id/handout.pdf", use: download)
        group.post("talks/:id/handout/email", use: email)
    }

    @Sendable func download(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let (title, pdf) = try await handout(request: request, context: context, accountID: account.id)
        return Response(status: .ok, headers: [
            .contentType: "application/pdf",
            // inline: the browser shows it (and prints it); the download link adds the download attribute.
            .contentDisposition: "inline; filename=\"\(Self.filename(title))\"",
            .cacheControl: "no-store",
        ], body: .init(byteBuffer: ByteBuffer(bytes: pdf)))
    }

    @Sendable func email(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let (title, pdf) = try await handout(request: request, context: context, accountID: account.id)
        var message = MailMessage(to: account.email, subject: "Handout: \(title)",
                                  body: "The handout of \"\(title)\" is attached: the slides with your notes.\n\n— Cadence")
        message.attachments = [MailAttachment(filename: Self.filename(title), contentType: "application/pdf", data: pdf)]
        do {
            try await mailer.send(message)
        } catch {
            throw APIError(.serviceUnavailable, code: "mail_failed", "The e-mail could not be sent; download the handout instead.")
        }
        return .json(["sentTo": account.email], status: .accepted)
    }

    private func handout(request: Request, context: AppContext, accountID: UUID) async throws -> (String, Data) {
        let id = try context.parameters.requireID("id")
        guard let loaded = try await library.load(talkID: id, accountID: accountID) else { throw APIError.notFound("talk") }
        let series = loaded.series
        let query = request.uri.queryParameters
        let language = query["notesLanguage"].map(String.init) ?? series.notesLanguage
        guard series.notesLanguages.contains(language) else {
            throw APIError.invalid(field: "notesLanguage", "This series has notes in \(series.notesLanguages.joined(separator: ", ")), not \(language).")
        }
        let paper: HandoutOptions.PaperSize
        switch query["paper"].map(String.init) ?? "a4" {
        case "a4": paper = .a4
        case "letter": paper = .usLetter
        default: throw APIError.invalid(field: "paper", "The paper is a4 or letter.")
        }
        let deck = Deck(talk: loaded.talk, slides: Dictionary(uniqueKeysWithValues: loaded.slides.map { ($0.id, $0) }),
                        slideLanguage: series.slideLanguage, notesLanguage: language, fallbackLanguages: series.slideLanguages)
        var slides: [HandoutSlide] = []
        for entry in deck.entries {
            slides.append(HandoutSlide(number: entry.number, title: entry.title, picture: picture(entry, loaded, accountID: accountID),
                                       notes: HandoutNotes.paragraphs(entry.notes)))
        }
        let date = clock.now().formatted(.dateTime.day().month(.wide).year())
        let document = HandoutDocument(
            title: loaded.talk.title,
            subtitle: "\(series.title) · notes in \(LanguageTag.name(of: language)) · \(date)", slides: slides)
        return (loaded.talk.title, HandoutWriter.pdf(for: document, options: HandoutOptions(paper: paper)))
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
