import CadenceCore
import Foundation
import Hummingbird
import NIOCore
import Tempo
import Web
import TempoService

/// `/api/v1/tempo/runs…` and `/api/v1/tempo/profile` (M4, M5): runs started and fed by
/// devices, finished, listed, shown with their stats, renamed, deleted, imported from GPX or
/// TCX and exported to either; the runner's profile for calories.
struct TempoRunsController {
    let runs: TempoRuns

    func addRoutes(to api: APIGroups) {
        api.account.get("runs", use: list)
        api.account.post("runs", use: start)
        api.person.post("runs/import", use: importFile)
        api.account.get("runs/:id", use: show)
        api.person.put("runs/:id", use: update)
        api.person.delete("runs/:id", use: delete)
        api.account.get("runs/:id/samples", use: samples)
        api.account.post("runs/:id/samples", use: addSamples)
        api.account.put("runs/:id/pauses", use: setPauses)
        api.account.post("runs/:id/finish", use: finish)
        api.account.get("runs/:id/export.gpx", use: exportGPX)
        api.account.get("runs/:id/export.tcx", use: exportTCX)
        api.account.get("progress", use: progress)
        api.account.get("profile", use: showProfile)
        api.person.put("profile", use: saveProfile)
    }

    @Sendable func list(request: Request, context: AccountContext) async throws -> [TempoRunItem] {
        let account = context.account
        return try await runs.list(accountID: account.id).map(TempoRunItem.init)
    }

    @Sendable func start(request: Request, context: AccountContext) async throws -> EditedResponse<TempoRunItem> {
        let account = context.account  // a paired watch records runs too
        let input = try await request.decode(as: NewRunInput.self, context: context)
        let (run, created) = try await runs.start(input, accountID: account.id)
        return EditedResponse(status: created ? .created : .ok, response: TempoRunItem(run))
    }

    @Sendable func show(request: Request, context: AccountContext) async throws -> TempoRunBody {
        let account = context.account
        let (run, analysis) = try await runs.details(try context.parameters.requireID("id"), accountID: account.id)
        return TempoRunBody(run: run, analysis: analysis)
    }

    @Sendable func update(request: Request, context: SignedInContext) async throws -> TempoRunItem {
        let account = context.identity.account
        let input = try await request.decode(as: UpdateRunInput.self, context: context)
        return TempoRunItem(try await runs.update(input, runID: try context.parameters.requireID("id"), accountID: account.id))
    }

    @Sendable func delete(request: Request, context: SignedInContext) async throws -> HTTPResponse.Status {
        try await runs.delete(try context.parameters.requireID("id"), accountID: context.account.id)
        return .noContent
    }

    @Sendable func samples(request: Request, context: AccountContext) async throws -> [SampleInput] {
        let account = context.account
        return try await runs.samples(try context.parameters.requireID("id"), accountID: account.id).map(SampleInput.init)
    }

    @Sendable func addSamples(request: Request, context: AccountContext) async throws -> SampleMergeBody {
        let account = context.account  // a paired watch records runs too
        let id = try context.parameters.requireID("id")
        let input = try await request.decode(as: SamplesInput.self, context: context)
        let (merge, run) = try await runs.addSamples(input.samples.map(\.sample), sources: input.sources?.reported,
                                                   runID: id, accountID: account.id)
        return SampleMergeBody(added: merge.added, merged: merge.merged, sampleCount: run.sampleCount)
    }

    /// The device playing the run says its pauses as they change, so the server times the plan's notifications.
    @Sendable func setPauses(request: Request, context: AccountContext) async throws -> TempoRunItem {
        let input = try await request.decode(as: PausesInput.self, context: context)
        return TempoRunItem(try await runs.setPauses(input, runID: try context.parameters.requireID("id"), accountID: context.account.id))
    }

    @Sendable func finish(request: Request, context: AccountContext) async throws -> TempoRunBody {
        let account = context.account  // a paired watch records runs too
        let id = try context.parameters.requireID("id")
        let input = try await request.decode(as: FinishInput.self, context: context)
        _ = try await runs.finish(input, runID: id, accountID: account.id)
        let (run, analysis) = try await runs.details(id, accountID: account.id)
        return TempoRunBody(run: run, analysis: analysis)
    }

    /// A GPX or TCX file as the body (raw, or a multipart `file` part). The same file imported
    /// again is the same run (its id is derived from the file's digest). The activity may be
    /// chosen with `?activity=` or a multipart `activity` part (empty: the file's).
    @Sendable func importFile(request: Request, context: SignedInContext) async throws -> EditedResponse<TempoRunBody> {
        let limit = TempoRuns.maximumImportBytes
        var activity = request.uri.queryParameters["activity"].map(String.init)
        let data: Data
        if MultipartUpload.isForm(request) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cadence-run-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let form = try await MultipartUpload.receive(request, limit: limit, into: folder, field: "file")
            guard let file = form.files.first(where: { $0.name == "file" }) else {
                throw APIError.invalid(field: "file", "Attach the GPX or TCX file as the part named \"file\".",
                                       localized: MessageKey("tempo.runs.error.file_part"))
            }
            // The run's XML is parsed whole; the form around it is not held beside it.
            data = try Data(contentsOf: file.url)
            if let chosen = form.fields["activity"] { activity = chosen }
        } else {
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw JSONBody.tooLarge(limit: limit) }
            var request = request
            do { data = Data(buffer: try await request.collectBody(upTo: limit)) } catch is NIOTooManyBytesError {
                throw JSONBody.tooLarge(limit: limit)
            }
        }
        let chosen = activity.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        let (run, created) = try await runs.importFile(data, activity: chosen, accountID: context.account.id)
        let (stored, analysis) = try await runs.details(run.id, accountID: context.account.id)
        return EditedResponse(status: created ? .created : .ok, response: TempoRunBody(run: stored, analysis: analysis))
    }

    @Sendable func exportGPX(request: Request, context: AccountContext) async throws -> Response {
        try await export(.gpx, context: context)
    }

    @Sendable func exportTCX(request: Request, context: AccountContext) async throws -> Response {
        try await export(.tcx, context: context)
    }

    private func export(_ format: RunExportFormat, context: AccountContext) async throws -> Response {
        let account = context.account
        let (run, data) = try await runs.export(try context.parameters.requireID("id"), format: format, accountID: account.id)
        let filename = TempoRuns.filename(for: run, format: format)
        return Response(status: .ok, headers: [
            .contentType: format.contentType,
            .contentDisposition: "attachment; filename=\"\(filename)\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `GET /progress?weeks=12&tz=Europe/Madrid` (1–104 weeks): distance, time and pace week by week, and personal bests.
    /// Weeks start on Monday in `tz` (an IANA name or an offset), else the browser's `cadence_tz` cookie, else UTC.
    @Sendable func progress(request: Request, context: AccountContext) async throws -> ProgressBody {
        let weeks = try request.uri.queryParameters["weeks"].map { text -> Int in
            guard let weeks = Int(String(text)), (1...104).contains(weeks) else {
                throw APIError.invalid(field: "weeks", "weeks is a whole number of weeks from 1 to 104.", localized: MessageKey("tempo.runs.error.weeks"))
            }
            return weeks
        } ?? 12
        let zone = try request.uri.queryParameters["tz"].map { text -> TimeZone in
            guard let zone = TimeZoneName.parse(String(text)) else {
                throw APIError.invalid(field: "tz", "tz is a time zone such as Europe/Madrid or an offset such as +02:00.",
                                       localized: MessageKey("tempo.runs.error.tz"))
            }
            return zone
        } ?? request.browserZone ?? TimeZone(identifier: "UTC")!
        return ProgressBody(progress: try await runs.progress(accountID: context.account.id, weeks: weeks, timeZone: zone))

    }

    @Sendable func showProfile(request: Request, context: AccountContext) async throws -> ProfileBody {
        ProfileBody(try await runs.profile(accountID: context.account.id), year: runs.year)
    }

    @Sendable func saveProfile(request: Request, context: SignedInContext) async throws -> ProfileBody {
        let input = try await request.decode(as: ProfileInput.self, context: context)
        try await runs.saveProfile(input, accountID: context.account.id)
        return ProfileBody(try await runs.profile(accountID: context.account.id), year: runs.year)
    }
}
