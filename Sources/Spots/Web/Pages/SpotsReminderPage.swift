import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// `/phone/spots/{id}`: the reminder, whether and when it fired, why each decision was taken; its form follows.
struct SpotsReminderPage: Sendable {
    struct Event: Sendable {
        let at: String
        let atISO: String
        let reason: String
        let device: String
        let fired: Bool
        let late: Bool
        let kind: String
    }

    let id: String
    let reminderTitle: String
    let isComplete: Bool
    let summary: SpotsItem
    let firedAt: String?
    let events: [Event]
    let hasEvents: Bool
    let notice: String?
    /// How far back the log goes (the location retention, in days).
    let retentionDays: Int

    init(_ stored: StoredReminder, events: [SpotsEvent], zone: TimeZone, notice: String?, retention: TimeInterval) {
        retentionDays = max(1, Int((retention / 86400).rounded()))
        let reminder = stored.reminder
        let stamp = SpotsPages.formatter("EEE d MMM yyyy, HH:mm:ss", zone)
        id = SpotsPages.id(reminder.id)
        reminderTitle = reminder.title
        isComplete = reminder.isComplete
        summary = SpotsItem(reminder, zone: zone)
        firedAt = stored.firedAt.map { stamp.string(from: $0) }
        self.events = events.map { event in
            let body = SpotsEventBody(event, deviceName: SpotsAPI.deviceName(event.deviceKey))
            return Event(at: stamp.string(from: event.at), atISO: SpotsPages.iso(event.at), reason: body.reason, device: body.device,
                         fired: body.fired, late: body.late, kind: body.kind == "time" ? "Time" : "Place")
        }
        hasEvents = !events.isEmpty
        self.notice = notice
    }
}
