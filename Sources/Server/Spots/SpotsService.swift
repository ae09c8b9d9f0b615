import CadenceCore
import Foundation
import Logging
import Spots
import SQLKit
import Storage
import Synchronization
import Web

/// Spots' server side (R1–R6): saving reminders, deciding location reports against every
/// place of the account through the spatial index, and firing time alerts exactly once.
struct SpotsService: Sendable {
    let store: any SpotsRepository
    let live: LiveService
    let clock: any WallClock
    let logger: Logger
    let fences = FenceCache()
    let perDevice = KeyedSerializer()
    let places = GazetteerCache()

    // MARK: Reminders

    func save(_ reminder: Reminder, accountID: UUID) async throws {
        do {
            try await store.save(reminder, accountID: accountID, at: clock.now())
        } catch SpotsStoreError.notYours {
            throw APIError(.conflict, code: "id_taken", "That id belongs to another reminder; leave the id out to make a new one.", field: "id")
        }
        fences.invalidate(accountID: accountID)
    }

    func delete(id: UUID, accountID: UUID) async throws -> Bool {
        defer { fences.invalidate(accountID: accountID) }
        return try await store.delete(id: id, accountID: accountID)
    }

    // MARK: Place alerts

    /// Decides a device's location reports, oldest first, and sends the alerts they fire.
    /// Every decision about a place near the report (or one the device was inside) is kept.
    func report(_ reports: [LocationReport], accountID: UUID, deviceKey: String) async throws -> [SpotsEvent] {
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
            for alert in alerts { try await live.publish(accountID: accountID, type: SpotsAlert.type, data: alert.json) }
            return events
        }
    }

    // MARK: Time alerts

    private struct AlreadyFired: Error {}

    /// Sends every time alert that is due and not yet sent, each exactly once: the "fired"
    /// mark and the live event commit together, and a mark another instance made first wins.
    @discardableResult
    func fireDueTimeAlerts() async throws -> Int {
        var fired = 0
        for (accountID, stored) in try await store.dueUnfired(now: clock.now(), limit: 200) {
            guard let due = stored.reminder.due else { continue }
            let now = clock.now()
            let alert = TimeAlert(reminderID: stored.reminder.id, due: due, firedAt: now)
            do {
                try await live.publish(accountID: accountID, type: SpotsAlert.type,
                                       data: SpotsAlert(stored.reminder, kind: "time", late: alert.late).json) { [store] sql in
                    guard try await store.claimTimeAlert(id: stored.reminder.id, due: due, at: now, on: sql) else { throw AlreadyFired() }
                }
            } catch is AlreadyFired {
                continue
            }
            try await store.record([SpotsEvent(reminderID: stored.reminder.id, deviceKey: "server", at: now, kind: "time",
                                               fired: true, decision: nil, late: alert.late)], accountID: accountID)
            fired += 1
        }
        return fired
    }

    // MARK: Gazetteer

    func searchPlaces(_ query: String, limit: Int) async throws -> [GazetteerPlace] {
        try await places.gazetteer { try await store.gazetteer() }.search(query, limit: limit)
    }
}

/// The gazetteer in memory, loaded from the database on first search and again after five
/// minutes, so `cadence gazetteer load` reaches running servers. An empty one is not kept.
final class GazetteerCache: Sendable {
    private let loaded = Mutex<(gazetteer: Gazetteer, at: ContinuousClock.Instant)?>(nil)

    func gazetteer(load: () async throws -> [GazetteerPlace]) async throws -> Gazetteer {
        if let cached = loaded.withLock({ $0 }), ContinuousClock.now - cached.at < .seconds(300) { return cached.gazetteer }
        let gazetteer = Gazetteer(try await load())
        if gazetteer.count > 0 { loaded.withLock { $0 = (gazetteer, .now) } }
        return gazetteer
    }
}
