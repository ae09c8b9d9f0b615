import CadenceCore
import Foundation
import Logging
import Spots
import Synchronization

/// Spots' use cases (R1–R6), for the API, the pages and the scheduler alike: keeping reminders, deciding
/// location reports against every place of the account through the spatial index, firing time alerts exactly once.
public struct SpotsService: Sendable {
    let store: any SpotsStore
    let live: any LiveAnnouncing
    let timeAlerts: any TimeAlertSender
    let clock: any WallClock
    let logger: Logger
    let fences = FenceCache()
    let perDevice = KeyedSerializer()
    let places = GazetteerCache()
    let calendarTexts = CalendarTextCache()
    /// Calendar apps registered for WebDAV-Push on the account's lists; nil where nothing pushes (the CLI, some tests).
    public let listPush: TaskListPush?
    /// How long place and time decisions (each with the fix's distance from the place, accuracy and time) are kept
    /// (`--location-retention`).
    public let locationRetention: TimeInterval

    public static let defaultLocationRetention: TimeInterval = 30 * 86400

    public init(store: any SpotsStore, live: any LiveAnnouncing, timeAlerts: any TimeAlertSender, clock: any WallClock,
                logger: Logger, locationRetention: TimeInterval = SpotsService.defaultLocationRetention, listPush: TaskListPush? = nil) {
        self.listPush = listPush
        self.locationRetention = locationRetention
        self.store = store
        self.live = live
        self.timeAlerts = timeAlerts
        self.clock = clock
        self.logger = logger
    }

    /// After any write to the account's reminders: the fence index is rebuilt at the next report, and calendar apps
    /// registered for push hear of the lists that changed.
    func remindersChanged(accountID: UUID) {
        fences.invalidate(accountID: accountID)
        listPush?.listsChanged(accountID: accountID)
    }

    // MARK: Reminders

    public func reminders(accountID: UUID) async throws -> [StoredReminder] {
        try await store.reminders(accountID: accountID)
    }

    /// - Throws: `NotFound("reminder")`.
    public func reminder(id: UUID, accountID: UUID) async throws -> StoredReminder {
        guard let stored = try await store.reminder(id: id, accountID: accountID) else { throw NotFound("reminder") }
        return stored
    }

    /// Creates or replaces a reminder, in the list at `list` (a slug) when given. - Throws: `Conflict("id_taken")` for an
    /// id another account holds; `ValidationError` (field `list`) for a list the account does not have.
    /// `ifMatch`: the reminder's `etag` as the editor read it; the save is refused (`ChangedSinceRead`) when it has
    /// changed since.
    public func save(_ reminder: Reminder, accountID: UUID, list: String? = nil, ifMatch: String? = nil) async throws {
        var reminder = reminder
        reminder.preserved.stamp = nil  // changed here: the export stamps this change, not the app's last one
        var listID: UUID?
        if let list {
            guard let found = try await self.list(slug: list, accountID: accountID) else {
                throw ValidationError(field: "list", "There is no list “\(list)”; the lists are in GET /api/v1/spots/lists.",
                                      key: "spots.error.no_list", ["list": list])
            }
            listID = found.list.id
        }
        do {
            if let ifMatch, ifMatch != "*" {
                try await store.save(reminder, accountID: accountID, at: clock.now(), inList: listID, ifMatch: ifMatch)
            } else {
                try await store.save(reminder, accountID: accountID, at: clock.now(), inList: listID)
            }
        } catch SpotsStoreError.preconditionFailed {
            throw ChangedSinceRead("reminder")
        } catch SpotsStoreError.notYours {
            throw Conflict(code: "id_taken", "That id belongs to another reminder; leave the id out to make a new one.", field: "id",
                           key: "spots.error.id_taken")
        }
        remindersChanged(accountID: accountID)
    }

    /// Saves an import's reminders, all or nothing; answers how many were new. A UID that is a UUID another
    /// account already imported gets an id of this account's own, derived, so importing the same file again
    /// still updates rather than duplicates.
    public func importReminders(_ reminders: [Reminder], accountID: UUID) async throws -> Int {
        defer { remindersChanged(accountID: accountID) }
        return try await store.saveAll(reminders, accountID: accountID, at: clock.now()) { reminder in
            reminder.withID(ICalendar.reminderID(forUID: "cadence:\(reminder.id.uuidString)", namespace: accountID))
        }
    }

    /// Checks a reminder off (`done`) or opens it again. A repeating one moves to its next occurrence and keeps the
    /// one checked off as a completed occurrence of its own (`Reminder.completingOccurrence`), saved together.
    /// - Throws: `NotFound("reminder")`.
    @discardableResult
    public func setCompleted(_ done: Bool, id: UUID, accountID: UUID) async throws -> StoredReminder {
        var reminder = try await self.reminder(id: id, accountID: accountID).reminder
        reminder.preserved.stamp = nil
        let now = clock.now()
        if done, !reminder.isComplete, let (series, completed) = reminder.completingOccurrence(at: now) {
            defer { remindersChanged(accountID: accountID) }
            try await store.saveSeries(series, occurrence: completed, accountID: accountID, at: now)
        } else {
            reminder.completedAt = done ? (reminder.completedAt ?? now) : nil
            try await save(reminder, accountID: accountID)
        }
        return try await self.reminder(id: id, accountID: accountID)
    }

    /// - Throws: `NotFound("reminder")`.
    public func delete(id: UUID, accountID: UUID) async throws {
        defer { remindersChanged(accountID: accountID) }
        guard try await store.delete(id: id, accountID: accountID) else { throw NotFound("reminder") }
    }

    /// A reminder's decisions, newest first: "why did (or didn't) this fire".
    /// Forgets decisions older than the retention period; how many went.
    @discardableResult
    public func pruneOldDecisions() async throws -> Int {
        try await store.deleteEvents(before: clock.now().addingTimeInterval(-locationRetention))
    }

    public func events(reminderID: UUID, accountID: UUID, limit: Int) async throws -> [SpotsEvent] {
        try await store.events(reminderID: reminderID, accountID: accountID, limit: limit)
    }

    // MARK: Place alerts

    /// Decides a device's location reports, oldest first, and sends the alerts they fire.
    /// Every decision about a place near the report (or one the device was inside) is kept.
    public func report(_ reports: [LocationReport], accountID: UUID, deviceKey: String) async throws -> [SpotsEvent] {
        try await perDevice.run(deviceKey) { [self] in
            let entry = try await fences.entry(accountID: accountID) { try await store.reminders(accountID: accountID).map(\.reminder) }
            guard !entry.reminders.isEmpty else { return [] }
            // Places this device was last inside are decided whatever the distance, so leaving is noticed.
            let wasInside = try await store.insideReminderIDs(deviceKey: deviceKey, accountID: accountID).compactMap { entry.fence(of: $0) }
            var touched: [UUID: Reminder] = [:]  // fence id → reminder
            var perReport: [(LocationReport, [Fence])] = []
            for report in reports.sorted(by: { $0.at < $1.at }) {
                // Near misses (within 500 m beyond the accuracy) are kept too: they answer "why didn't it fire?".
                var nearby = entry.index.candidates(near: report.coordinate, margin: report.accuracy + 500)
                for fence in wasInside where !nearby.contains(where: { $0.id == fence.id }) { nearby.append(fence) }
                for fence in nearby { touched[fence.id] = entry.reminders[fence.id] }
                perReport.append((report, nearby))
            }
            let reminderIDs = touched.values.map(\.id)
            var states = try await store.fenceStates(deviceKey: deviceKey, reminderIDs: reminderIDs)
            var events: [SpotsEvent] = []
            var alerts: [SpotsAlert] = []
            for (report, nearby) in perReport {
                for fence in nearby {
                    guard let reminder = touched[fence.id] else { continue }
                    let (state, decision) = FenceRules.evaluate(report, fence: fence, state: states[reminder.id] ?? .initial)
                    states[reminder.id] = state
                    events.append(SpotsEvent(reminderID: reminder.id, deviceKey: deviceKey, at: report.at, kind: "place",
                                             fired: decision.fired, decision: decision))
                    if decision.fired { alerts.append(SpotsAlert(reminder, kind: fence.trigger.rawValue, reason: decision.reason)) }
                }
            }
            try await store.saveFenceStates(states.filter { reminderIDs.contains($0.key) }, deviceKey: deviceKey)
            try await store.record(events, accountID: accountID)
            for alert in alerts { try await live.announce(SpotsAlert.type, data: alert.json, to: accountID) }
            return events
        }
    }

    // MARK: Time alerts

    /// Sends every time alert that is due and not yet sent, each exactly once: the "fired"
    /// mark and the live event commit together, and a mark another instance made first wins.
    /// One reminder's failure (its list deleted at that moment, say) is logged and does not hold back the others.
    @discardableResult
    public func fireDueTimeAlerts() async throws -> Int {
        var fired = 0
        for (accountID, stored) in try await store.dueUnfired(now: clock.now(), limit: 200) {
            do {
                if try await fireTimeAlert(stored, accountID: accountID) { fired += 1 }
            } catch {
                logger.warning("a time alert failed", metadata: ["reminder": .string(stored.reminder.id.uuidString),
                                                                 "error": .string(String(describing: error))])
            }
        }
        return fired
    }

    private func fireTimeAlert(_ stored: StoredReminder, accountID: UUID) async throws -> Bool {
        guard let alertAt = stored.alertAt else { return false }
        let now = clock.now()
        // A series goes on to its next occurrence still to come: occurrences missed while the server was down
        // are told once (late), not one after another.
        let next = stored.reminder.occurrence(after: max(alertAt, now))
        let alert = TimeAlert(reminderID: stored.reminder.id, due: alertAt, firedAt: now)
        let sent = try await timeAlerts.sendOnce(SpotsAlert(stored.reminder, kind: "time", late: alert.late, occurrence: alertAt),
                                                 reminderID: stored.reminder.id, alertAt: alertAt, next: next, at: now,
                                                 accountID: accountID)
        guard sent else { return false }
        try await store.record([SpotsEvent(reminderID: stored.reminder.id, deviceKey: "server", at: now, kind: "time",
                                           fired: true, decision: nil, late: alert.late)], accountID: accountID)
        return true
    }

    // MARK: Gazetteer

    /// Places by name, best first. `installed` says whether the server has a gazetteer at all (`cadence gazetteer
    /// load`): "no place found" and "no list of places to look in" are different answers for a person.
    public func searchPlaces(_ query: String, limit: Int) async throws -> (places: [GazetteerPlace], installed: Bool) {
        let gazetteer = try await places.gazetteer { try await store.gazetteer() }
        return (gazetteer.search(query, limit: limit), gazetteer.count > 0)
    }
}
