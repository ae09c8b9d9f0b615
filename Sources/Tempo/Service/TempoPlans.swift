import CadenceCore
import Foundation
import Tempo

/// Workout plans and the playlists planned for them (M2, M3): start a plan from a template or write it whole,
/// plan a playlist from the person's analysed songs, and edit it (the unpinned rest is planned again). Songs
/// deleted from the library leave a playlist the next time it is read.
public struct TempoPlans: Sendable {
    let store: any TempoStore
    let clock: any WallClock

    public init(store: any TempoStore, clock: any WallClock) {
        self.store = store
        self.clock = clock
    }

    /// A playlist with what it was planned from, as the API and pages show it.
    public struct PlannedPlaylist: Sendable {
        public let id: UUID
        public let plan: WorkoutPlan
        public let playlist: Playlist
        /// The library it was planned from (titles for its entries).
        public let library: [Song]
    }

    // MARK: Plans

    /// The shipped templates for the activity, then the person's own for it.
    public func templates(for activity: Activity, accountID: UUID) async throws -> [WorkoutTemplate] {
        Templates.builtIn(activity) + (try await ownTemplates(accountID: accountID)).filter { $0.plan.activity == activity }
    }

    /// The templates the person saved, for every activity.
    public func ownTemplates(accountID: UUID) async throws -> [WorkoutTemplate] {
        try await store.templates(accountID: accountID)
    }

    /// Keeps one of the person's plans as a template of their own (a copy: editing the plan later leaves it alone).
    public func saveTemplate(fromPlan planID: UUID, name: String?, accountID: UUID) async throws -> WorkoutTemplate {
        let source = try await plan(planID, accountID: accountID)
        let template = try WorkoutTemplate.saving(source, as: name ?? source.name)
        try await store.saveTemplate(template, accountID: accountID, at: clock.now())
        return template
    }

    public func deleteTemplate(_ id: UUID, accountID: UUID) async throws {
        if Activity.allCases.flatMap(Templates.builtIn).contains(where: { $0.id == id }) {
            throw ValidationError(field: "id", "The templates Cadence ships cannot be deleted; only your own.", key: "tempo.plans.error.builtin_template")
        }
        guard try await store.deleteTemplate(id: id, accountID: accountID) else { throw NotFound("template") }
    }

    public func plans(accountID: UUID) async throws -> [WorkoutPlan] {
        try await store.plans(accountID: accountID)
    }

    public func plan(_ id: UUID, accountID: UUID) async throws -> WorkoutPlan {
        guard let plan = try await store.plan(id: id, accountID: accountID) else { throw NotFound("plan") }
        return plan
    }

    /// A new plan from one of the shipped templates, under its own name or the one given.
    public func create(fromTemplate templateID: UUID, name: String?, accountID: UUID) async throws -> WorkoutPlan {
        let own = try await store.templates(accountID: accountID)
        guard let template = (Activity.allCases.flatMap(Templates.builtIn) + own).first(where: { $0.id == templateID }) else {
            throw ValidationError(field: "template", "There is no template with that id; GET /api/v1/tempo/templates lists them.",
                                  key: "tempo.plans.error.no_template")
        }
        return try await save(try template.makePlan(name: name), accountID: accountID)
    }

    /// A plan written whole (checked as a new plan would be).
    public func create(_ written: WorkoutPlan, accountID: UUID) async throws -> WorkoutPlan {
        try await save(try WorkoutPlan(name: written.name, activity: written.activity, steps: written.steps), accountID: accountID)
    }

    public func replace(_ id: UUID, with written: WorkoutPlan, accountID: UUID) async throws -> WorkoutPlan {
        let existing = try await plan(id, accountID: accountID)
        return try await save(try WorkoutPlan(id: existing.id, name: written.name, activity: written.activity, steps: written.steps),
                              accountID: accountID)
    }

    public func delete(_ id: UUID, accountID: UUID) async throws {
        guard try await store.deletePlan(id: id, accountID: accountID) else { throw NotFound("plan") }
    }

    private func save(_ plan: WorkoutPlan, accountID: UUID) async throws -> WorkoutPlan {
        try await store.savePlan(plan, accountID: accountID, at: clock.now())
        return plan
    }

    // MARK: Playlists

    /// Plans a new playlist for the plan from the library, with the activity's recommended options unless given.
    public func createPlaylist(planID: UUID, options: PlannerOptions?, accountID: UUID) async throws -> PlannedPlaylist {
        let plan = try await plan(planID, accountID: accountID)
        let checked: PlannerOptions
        do {
            checked = try (options ?? PlannerOptions.recommended(for: plan.activity)).validated()
        } catch {
            throw error.naming("options.\(error.field)")
        }
        let library = try await library(accountID: accountID)
        guard !library.isEmpty else {
            throw ValidationError(field: "library", "No analysed songs yet: upload music and wait for its tempo, or set a song's tempo yourself.",
                                  key: "tempo.music.error.empty_library")
        }
        let stored = StoredPlaylist(id: UUID(), planID: plan.id,
                                    playlist: try PlaylistPlanner(plan: plan, library: library, options: checked).plan())
        try await store.savePlaylist(stored, accountID: accountID, at: clock.now())
        return PlannedPlaylist(id: stored.id, plan: plan, playlist: stored.playlist, library: library)
    }

    public func playlists(planID: UUID, accountID: UUID) async throws -> [PlannedPlaylist] {
        let plan = try await plan(planID, accountID: accountID)
        let library = try await library(accountID: accountID)
        return try await store.playlists(planID: plan.id, accountID: accountID).map {
            PlannedPlaylist(id: $0.id, plan: plan, playlist: $0.playlist, library: library)
        }
    }

    public func playlist(_ id: UUID, accountID: UUID) async throws -> PlannedPlaylist {
        let (stored, plan) = try await storedPlaylist(id, accountID: accountID)
        let library = try await library(accountID: accountID)
        let playlist = try await withoutDeletedSongs(stored, plan: plan, library: library, accountID: accountID)
        return PlannedPlaylist(id: id, plan: plan, playlist: playlist, library: library)
    }

    public func deletePlaylist(_ id: UUID, accountID: UUID) async throws {
        guard try await store.deletePlaylist(id: id, accountID: accountID) else { throw NotFound("playlist") }
    }

    /// The plan a playlist belongs to, without reading the library (a page that only links the two).
    public func planID(ofPlaylist id: UUID, accountID: UUID) async throws -> UUID {
        guard let stored = try await store.playlist(id: id, accountID: accountID) else { throw NotFound("playlist") }
        return stored.planID
    }

    /// Remove, move, pin, unpin or swap one entry; the unpinned rest is planned again. The planner's
    /// refusals name its own fields (`edit.index`, `edit.to`, `edit.songID`).
    public func edit(playlist id: UUID, _ edit: PlaylistEdit, accountID: UUID) async throws -> PlannedPlaylist {
        let (stored, plan) = try await storedPlaylist(id, accountID: accountID)
        let library = try await library(accountID: accountID)
        let playlist = try await withoutDeletedSongs(stored, plan: plan, library: library, accountID: accountID)
        let edited = try PlaylistPlanner(plan: plan, library: library, options: playlist.options).rebalance(playlist, edit: edit)
        try await store.savePlaylist(StoredPlaylist(id: id, planID: plan.id, playlist: edited), accountID: accountID, at: clock.now())
        return PlannedPlaylist(id: id, plan: plan, playlist: edited, library: library)
    }

    /// The library as the planner sees it: analysed songs (or ones with the person's tempo).
    public func library(accountID: UUID) async throws -> [Song] {
        try await store.songs(accountID: accountID).compactMap { record in
            guard let bpm = record.bpm ?? record.bpmOverride, let ms = record.durationMs, ms > 0 else { return nil }
            return try? Song(id: record.id, title: record.title, bpm: bpm, durationSeconds: Double(ms) / 1000, bpmOverride: record.bpmOverride,
                             key: record.key.flatMap { CamelotKey(code: $0.camelot) })
        }
    }

    private func storedPlaylist(_ id: UUID, accountID: UUID) async throws -> (StoredPlaylist, WorkoutPlan) {
        guard let stored = try await store.playlist(id: id, accountID: accountID),
              let plan = try await store.plan(id: stored.planID, accountID: accountID)
        else { throw NotFound("playlist") }
        return (stored, plan)
    }

    /// Songs deleted from the library leave the playlist: their entries are removed one by one and the rest
    /// rebalanced, and the result is saved.
    private func withoutDeletedSongs(_ stored: StoredPlaylist, plan: WorkoutPlan, library: [Song], accountID: UUID) async throws -> Playlist {
        let present = Set(library.map(\.id))
        guard stored.playlist.entries.contains(where: { !present.contains($0.song.id) }) else { return stored.playlist }
        guard !library.isEmpty else {
            var emptied = stored.playlist
            emptied.entries = []
            emptied.coverage = 0
            emptied.warnings = []
            emptied.warningNotes = [PlannerNote("tempo.music.warning.all_deleted")]
            return emptied
        }
        let planner = try PlaylistPlanner(plan: plan, library: library, options: stored.playlist.options)
        var pruned = stored.playlist
        while let index = pruned.entries.lastIndex(where: { !present.contains($0.song.id) }) {
            pruned = try planner.rebalance(pruned, edit: .remove(index))
        }
        try await store.savePlaylist(StoredPlaylist(id: stored.id, planID: plan.id, playlist: pruned), accountID: accountID, at: clock.now())
        return pruned
    }
}
