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
    let clock: any WallClock

    func addRoutes(to group: RouterGroup<AppContext>) {
        group.get("runs", use: list)
        group.post("runs", use: start)
        group.post("runs/import", use: importFile)
        group.get("runs/:id", use: show)
        group.put("runs/:id", use: update)
        group.delete("runs/:id", use: delete)
        group.get("runs/:id/samples", use: samples)
        group.post("runs/:id/samples", use: addSamples)
        group.post("runs/:id/finish", use: finish)
        group.get("runs/:id/export.gpx", use: exportGPX)
        group.get("runs/:id/export.tcx", use: exportTCX)
        group.get("profile", use: showProfile)
        group.put("profile", use: saveProfile)
    }

    @Sendable func list(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(try await runs.store.runs(accountID: account.id, limit: 500).map(TempoRunItem.init))
    }

    @Sendable func start(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()  // a paired watch records runs too
        var request = request
        let input = try await request.decodeJSON(NewRunInput.self, context: context)
        let (run, created) = try await runs.start(input, accountID: account.id)
        return .json(TempoRunItem(run), status: created ? .created : .ok)
    }

    @Sendable func show(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let (run, analysis) = try await runs.details(try context.parameters.requireID("id"), accountID: account.id)
        return .json(TempoRunBody(run: run, analysis: analysis))
    }

    @Sendable func update(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        var request = request
        let input = try await request.decodeJSON(UpdateRunInput.self, context: context)
        return .json(TempoRunItem(try await runs.update(input, runID: try context.parameters.requireID("id"), accountID: account.id)))
    }

    @Sendable func delete(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        guard try await runs.store.deleteRun(id: try context.parameters.requireID("id"), accountID: account.id) else {
            throw APIError.notFound("run")
        }
        return Response(status: .noContent)
    }

    @Sendable func samples(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        return .json(try await runs.samples(try context.parameters.requireID("id"), accountID: account.id).map(SampleInput.init))
    }

    @Sendable func addSamples(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()  // a paired watch records runs too
        let id = try context.parameters.requireID("id")
        var request = request
        let input = try await request.decodeJSON(SamplesInput.self, context: context)
        let (merge, run) = try await runs.addSamples(input.samples.map(\.sample), runID: id, accountID: account.id)
        return .json(SampleMergeBody(added: merge.added, merged: merge.merged, sampleCount: run.sampleCount))
    }

    @Sendable func finish(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()  // a paired watch records runs too
        let id = try context.parameters.requireID("id")
        var request = request
        let input = try await request.decodeJSON(FinishInput.self, context: context)
        _ = try await runs.finish(input, runID: id, accountID: account.id)
        let (run, analysis) = try await runs.details(id, accountID: account.id)
        return .json(TempoRunBody(run: run, analysis: analysis))
    }

    /// A GPX or TCX file as the body (raw, or a multipart `file` part). The same file imported
    /// again is the same run (its id is derived from the file's digest). The activity may be
    /// chosen with `?activity=` or a multipart `activity` part (empty: the file's).
    @Sendable func importFile(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        let limit = TempoRuns.maximumImportBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw JSONBody.tooLarge(limit: limit) }
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: limit) } catch is NIOTooManyBytesError { throw JSONBody.tooLarge(limit: limit) }
        var data = Data(buffer: body)
        var activity = request.uri.queryParameters["activity"].map(String.init)
        let contentType = request.headers[.contentType] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard let boundary = MultipartForm.boundary(fromContentType: contentType) else {
                throw APIError.invalid(field: "file", "The multipart body has no boundary.")
            }
            let form: MultipartForm
            do { form = try MultipartForm(body: data, boundary: boundary) } catch {
                throw APIError.invalid(field: "file", "The upload is not a readable multipart form.")
            }
            guard let file = form.parts.first(where: { $0.name == "file" }) else {
                throw APIError.invalid(field: "file", "Attach the GPX or TCX file as the part named \"file\".")
            }
            data = file.data
            if let part = form.parts.first(where: { $0.name == "activity" }) { activity = String(decoding: part.data, as: UTF8.self) }
        }
        let chosen = activity.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        let (run, created) = try await runs.importFile(data, activity: chosen, accountID: account.id)
        let (stored, analysis) = try await runs.details(run.id, accountID: account.id)
        return .json(TempoRunBody(run: stored, analysis: analysis), status: created ? .created : .ok)
    }

    @Sendable func exportGPX(request: Request, context: AppContext) async throws -> Response {
        try await export(.gpx, context: context)
    }

    @Sendable func exportTCX(request: Request, context: AppContext) async throws -> Response {
        try await export(.tcx, context: context)
    }

    private func export(_ format: RunExportFormat, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let (run, data) = try await runs.export(try context.parameters.requireID("id"), format: format, accountID: account.id)
        let filename = TempoRuns.filename(for: run, format: format)
        return Response(status: .ok, headers: [
            .contentType: format.contentType,
            .contentDisposition: "attachment; filename=\"\(filename)\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    @Sendable func showProfile(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireAccount()
        let profile = try await runs.profile(accountID: account.id)
        return .json(ProfileInput(weightKg: profile.weightKg, birthYear: profile.birthYear, sex: profile.sex))
    }

    @Sendable func saveProfile(request: Request, context: AppContext) async throws -> Response {
        let account = try context.requireIdentity().account
        var request = request
        let input = try await request.decodeJSON(ProfileInput.self, context: context)
        let year = Calendar(identifier: .gregorian).component(.year, from: clock.now())
        if let weight = input.weightKg, !(weight.isFinite && (20...400).contains(weight)) {
            throw APIError.invalid(field: "weightKg", "weightKg is your weight in kilograms, between 20 and 400.")
        }
        if let born = input.birthYear, !((year - 110)...(year - 5)).contains(born) {
            throw APIError.invalid(field: "birthYear", "birthYear is the year you were born, between \(year - 110) and \(year - 5).")
        }
        if let sex = input.sex, !["female", "male", "other"].contains(sex) {
            throw APIError.invalid(field: "sex", "sex is female, male or other (the heart-rate calorie formulas differ by sex).")
        }
        try await runs.store.saveProfile(RunnerProfileRecord(weightKg: input.weightKg, birthYear: input.birthYear, sex: input.sex),
                                         accountID: account.id, at: clock.now())
        return .json(input)
    }
}

struct SampleMergeBody: Encodable {
    let added: Int
    let merged: Int
    let sampleCount: Int
}
