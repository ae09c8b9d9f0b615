import CadenceCore
import Foundation
import Logging
import Stage

/// A talk's presented slides (visible, in order, with the appeal chosen) as a PDF with their
/// notes in the chosen language, made in Swift; e-mailed only to the account's own address
/// (the server must not become a way to mail strangers).
public struct StageHandouts: Sendable {
    let library: StageLibrary
    let mailer: any Mailer
    let clock: any WallClock
    /// Asked for at each handout, so the system's fonts (about 50 MB with the CJK collections) are read
    /// on the first handout rather than when the server starts.
    let fonts: @Sendable () -> HandoutFonts?

    /// - Parameter fonts: the fonts to embed; by default the system's (`SystemHandoutFonts`), nil for Helvetica.
    public init(library: StageLibrary, mailer: any Mailer, clock: any WallClock,
                fonts: @escaping @Sendable () -> HandoutFonts? = { SystemHandoutFonts.shared }) {
        self.library = library
        self.mailer = mailer
        self.clock = clock
        self.fonts = fonts
    }

    public struct Handout: Sendable {
        public let title: String
        public let pdf: Data
        /// Characters no font could draw, printed as "[U+…]" (e.g. "U+1F600"), so the caller can tell the person.
        public var missingCharacters: [String] = []
        public var filename: String { StageHandouts.filename(title) }
    }

    /// - Parameters:
    ///   - notesLanguage: the notes' language; nil for the series' chosen one.
    ///   - paper: `a4` (nil) or `letter`.
    ///   - words: the catalogue the handout's own words come from, given the notes' language (the caller falls back
    ///     to the interface's when that language has none).
    ///   - languageName: a language tag's name in a language ("es" in English → "Spanish"), as the pages name it.
    public func make(talkID: UUID, accountID: UUID, notesLanguage: String? = nil, paper paperName: String? = nil,
                     words: @Sendable (String) -> Messages,
                     languageName: @Sendable (_ tag: String, _ in: Language) -> String) async throws -> Handout {
        guard let loaded = try await library.load(talkID: talkID, accountID: accountID) else { throw NotFound("talk") }
        let series = loaded.series
        let language = try series.notesLanguage(notesLanguage, field: "notesLanguage")
        let paper: HandoutOptions.PaperSize
        switch paperName ?? "a4" {
        case "a4": paper = .a4
        case "letter": paper = .usLetter
        default: throw ValidationError(field: "paper", "The paper is a4 or letter.", key: "stage.error.paper")
        }
        let deck = Deck(talk: loaded.talk, slides: Dictionary(uniqueKeysWithValues: loaded.slides.map { ($0.id, $0) }),
                        languages: Deck.Languages(slide: series.slideLanguage, notes: language, fallbacks: series.slideLanguages))
        let messages = words(language)
        var slides: [HandoutSlide] = []
        for entry in deck.entries {
            slides.append(HandoutSlide(number: entry.number, title: entry.title,
                                       picture: await picture(entry, loaded, accountID: accountID, messages: messages),
                                       notes: HandoutNotes.paragraphs(entry.notes)))
        }
        var options = HandoutOptions(paper: paper)
        options.labels = HandoutLabels(slide: messages("stage.handout.slide"), slides: messages("stage.handout.slides"),
                                       continued: messages("stage.handout.continued"))
        let subtitle = messages("stage.handout.subtitle", ["series": series.title, "language": languageName(language, messages.language),
                                                           "date": LocaleFormat(language: messages.language).date(clock.now())])
        let document = HandoutDocument(title: loaded.talk.title, subtitle: subtitle, slides: slides)
        let output = HandoutWriter.make(document, options: options, fonts: fonts())
        return Handout(title: loaded.talk.title, pdf: output.pdf,
                       missingCharacters: output.missingCharacters.map(MissingGlyphMarker.codePoint))
    }

    public func email(_ handout: Handout, to account: Account, logger: Logger) async throws {
        guard mailer.delivers else {
            throw Unavailable(code: "mail_not_configured",
                              "This server has no mail server set up (cadence serve --smtp-url); download the handout instead.",
                              key: "stage.error.mail_not_configured")
        }
        // A subject is one line: a title's line breaks and control characters (an imported file may
        // bring them) become spaces rather than a refused header.
        var message = MailMessage(to: account.email, subject: "Handout: \(MailMessage.oneLine(handout.title))",
                                  body: "The handout of \"\(handout.title)\" is attached: the slides with your notes.\n\n— Cadence")
        message.attachments = [MailAttachment(filename: handout.filename, contentType: "application/pdf", data: handout.pdf)]
        do {
            try await mailer.send(message)
        } catch {
            logger.error("handout e-mail failed", metadata: ["error": .string(String(describing: error))])
            throw Unavailable(code: "mail_failed", "The e-mail could not be sent; download the handout instead.", key: "stage.error.mail_failed")
        }
    }

    private func picture(_ entry: Deck.Entry, _ loaded: StageLibrary.LoadedTalk, accountID: UUID, messages: Messages) async -> HandoutPicture {
        if entry.kind == .video { return .missing(messages("stage.handout.video")) }
        guard let id = entry.mediaID, let asset = loaded.assets[id] else { return .missing(messages("stage.handout.no_picture")) }
        guard let data = await library.files.data(of: asset, accountID: accountID) else {
            return .missing(messages("stage.handout.file_missing"))
        }
        switch asset.contentType {
        case "image/jpeg": return .jpeg(data)
        case "image/png": return .png(data)
        case "image/svg+xml": return .missing(messages("stage.handout.drawn"))
        default: return .missing(messages("stage.handout.other", ["type": asset.contentType]))
        }
    }

    public static func filename(_ title: String) -> String {
        let safe = String(title.unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
        let stem = safe.split(separator: "-").joined(separator: "-").lowercased()
        return "\(stem.isEmpty ? "talk" : String(stem.prefix(60)))-handout.pdf"
    }
}
