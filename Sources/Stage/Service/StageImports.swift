import CadenceCore
import DeckImport
import Foundation
import Logging
import Stage
import Synchronization

/// Slide imports (S7): a ZIP of pictures, a PDF or a PPTX becomes a talk in a series. The upload's format is checked
/// at once, then the import runs in the background, taking turns with the others, its progress kept for the page
/// to poll. Nothing is saved until the whole deck is read, so a bad or cancelled import leaves nothing behind.
public struct StageImports: Sendable {
    public static let maximumUploadBytes = 512 << 20

    let library: StageLibrary
    let jobs: any StageJobStore
    let running = RunningImports()
    let importer: DeckImporter
    let clock: any WallClock
    let logger: Logger
    /// Told when an import ends (the page, and a push when it took long).
    let live: (any LiveAnnouncing)?

    public init(library: StageLibrary, jobs: any StageJobStore, importer: DeckImporter = DeckImporter(), clock: any WallClock, logger: Logger,
                live: (any LiveAnnouncing)? = nil) {
        self.live = live
        self.library = library
        self.jobs = jobs
        self.importer = importer
        self.clock = clock
        self.logger = logger
    }

    /// A new import's id and the folder its upload is written to (removed when the import ends).
    public func newWorkDirectory() throws -> (jobID: UUID, directory: URL) {
        let jobID = UUID()
        let directory = library.files.scratch.appendingPathComponent("imports", isDirectory: true)
            .appendingPathComponent(jobID.uuidString.lowercased(), isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (jobID, directory)
    }

    /// Starts importing the upload in `workDirectory` into `target` (nil: a new series, named `newSeriesTitle` or
    /// after the deck). Throws `DeckImportError` at once when the file is not a deck Cadence reads.
    public func start(_ jobID: UUID, upload: URL, workDirectory: URL, filename: String, into target: Series?, newSeriesTitle: String?,
                      accountID: UUID) async throws -> ImportJob {
        _ = try DeckFormat.detect(fileURL: upload, filename: filename)
        let job = ImportJob(id: jobID, filename: filename)
        try await jobs.saveImport(job, accountID: accountID, at: clock.now())
        let task = Task { [self] in
            await run(job, upload: upload, workDirectory: workDirectory, target: target, newSeriesTitle: newSeriesTitle, accountID: accountID)
        }
        running.add(jobID, task)
        return job
    }

    public func job(_ id: UUID, accountID: UUID) async throws -> ImportJob {
        guard let job = try await jobs.importJob(id: id, accountID: accountID) else { throw NotFound("import") }
        return job
    }

    /// Stops an import that is still running; a finished one is left as it is. The job stays readable, so the page
    /// can show "cancelled".
    public func cancel(_ id: UUID, accountID: UUID) async throws -> ImportJob {
        let job = try await job(id, accountID: accountID)
        if job.state == .running { running.cancel(job.id) }
        return job
    }

    // MARK: The work

    private func run(_ job: ImportJob, upload: URL, workDirectory: URL, target: Series?, newSeriesTitle: String?, accountID: UUID) async {
        var job = job
        let started = clock.now()
        let latest = LatestProgress()
        // Progress is written at most twice a second, from one place, and only when it changed.
        let reporter = Task { [jobs, clock, job, latest] in
            var current = job
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                guard let progress = latest.take() else { continue }
                current.fraction = min(0.95, progress.fraction * 0.95)
                current.enter(progress.stage)
                try? await jobs.saveImport(current, accountID: accountID, at: clock.now())
            }
        }
        var adopted: [MediaAsset] = []
        do {
            // Imports take turns: LibreOffice and pdftoppm want the CPU, and a queue of
            // uploads must not crowd the database out (SQLite has one writer).
            latest.set(ImportProgress(fraction: 0, stage: .waiting))
            try await running.slots.acquire()
            defer { running.slots.release() }
            let deck = try await importer.importDeck(fileURL: upload, filename: job.filename, workDirectory: workDirectory) { progress in
                latest.set(progress)
            }
            reporter.cancel()
            await reporter.value  // its last write must not land after the final one below
            try Task.checkCancellation()
            let series = try target ?? Series(title: newSeriesTitle.flatMap { $0.isEmpty ? nil : $0 } ?? deck.title)
            var slides: [Slide] = []
            for (offset, imported) in deck.slides.enumerated() {
                try Task.checkCancellation()
                let asset = try await picture(for: imported, number: offset + 1, seriesID: series.id, accountID: accountID)
                adopted.append(asset)
                slides.append(try Slide(
                    kind: imported.isVideo ? .video : .image, media: Localized([series.slideLanguage: asset.id]),
                    notes: Localized(imported.notes.isEmpty ? [:] : [series.notesLanguage: String(imported.notes.prefix(Slide.maximumNotesLength))]),
                    title: imported.title))
            }
            let talk = try await library.addImportedTalk(
                title: deck.title, slides: slides, hidden: deck.slides.map(\.hidden), assets: adopted, to: series,
                seriesIsNew: target == nil, accountID: accountID)
            job.state = .done
            job.fraction = 1
            job.imported(slides.count)
            job.say(deck.warnings.map { ($0.message, MessageKey($0.key, $0.arguments)) })
            job.talkID = talk.id
        } catch {
            reporter.cancel()
            await reporter.value
            await library.files.remove(adopted, accountID: accountID)
            if error is CancellationError || (error as? DeckImportError)?.kind == .cancelled {
                job.state = .cancelled
                job.enter(.cancelled)
                job.say([("The import was cancelled; nothing was saved.", MessageKey("stage.error.import.job_cancelled"))])
            } else {
                job.state = .failed
                job.enter(.failed)
                job.say([Self.describe(error)])
                if !(error is DeckImportError) { logger.error("stage import failed", metadata: ["error": "\(error)"]) }
            }
        }
        try? FileManager.default.removeItem(at: workDirectory)
        running.remove(job.id)
        do {
            try await jobs.saveImport(job, accountID: accountID, at: clock.now())
            if job.state != .cancelled {
                try await live?.announceImportEnded(job, seconds: clock.now().timeIntervalSince(started), accountID: accountID)
            }
        } catch {
            logger.error("could not record the end of an import", metadata: ["error": "\(error)"])
        }
    }

    /// The slide's picture moved into the store, or a drawn placeholder when the deck gave none.
    private func picture(for slide: ImportedSlide, number: Int, seriesID: UUID, accountID: UUID) async throws -> MediaAsset {
        if let file = slide.imageFile {
            let type = switch slide.imageType {
            case "jpeg": "image/jpeg"
            case "mp4": "video/mp4"
            case "webm": "video/webm"
            default: "image/png"
            }
            return try await library.files.adopt(file, seriesID: seriesID, contentType: type, width: slide.width, height: slide.height,
                                           durationMs: slide.durationMs, origin: .imported, accountID: accountID)
        }
        let svg = SlideArt.titleCard(slide.title ?? "Slide \(number)", subtitle: "Picture not available", palette: .night)
        return try await library.files.store(Data(svg.utf8), seriesID: seriesID, contentType: "image/svg+xml",
                                       width: SlideArt.width, height: SlideArt.height, origin: .imported, accountID: accountID)
    }

    /// Why an import failed, in English and by key (nil for a refusal that has no key yet).
    public static func describe(_ error: any Error) -> (english: String, key: MessageKey?) {
        switch error {
        case let error as DeckImportError: (error.message, error.localized)
        case let error as ValidationError: (error.message, error.localized)
        case StageStoreError.seriesNotFound:
            ("The series was deleted while the import ran; nothing was saved.", MessageKey("stage.error.import.series_deleted"))
        default:
            ("The import failed on the server. Try again; if it keeps failing, the server log says why.",
             MessageKey("stage.error.import.server_failed"))
        }
    }
}
