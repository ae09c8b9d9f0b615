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
    /// How far back the log goes (the location retention, in days), as a sentence.
    let retention: String

    init(_ stored: StoredReminder, events: [SpotsEvent], zone: TimeZone, notice: String?, retention: TimeInterval, messages: Messages) {
        self.retention = messages("spots.show.retention", ["days": String(max(1, Int((retention / 86400).rounded())))])
        let reminder = stored.reminder
        let stamp = SpotsPages.formatter("EEE d MMM yyyy, HH:mm:ss", zone, messages.language)
        id = SpotsPages.id(reminder.id)
        reminderTitle = reminder.title
        isComplete = reminder.isComplete
        summary = SpotsItem(reminder, zone: zone, messages: messages)
        firedAt = stored.firedAt.map { messages("spots.show.fired_at", ["at": stamp.string(from: $0)]) }
        self.events = events.map { event in
            let body = SpotsEventBody(event, deviceName: SpotsAPI.deviceName(event.deviceKey))
            return Event(at: stamp.string(from: event.at), atISO: SpotsPages.iso(event.at), reason: Self.reason(event, body, messages),
                         device: Self.device(event.deviceKey, messages), fired: body.fired, late: body.late,
                         kind: messages(body.kind == "time" ? "spots.show.kind_time" : "spots.show.kind_place"))
        }
        hasEvents = !events.isEmpty
        self.notice = notice
    }

    /// Who reported, in the person's words ("A signed-in browser"); the server is Cadence in every language.
    static func device(_ key: String, _ messages: Messages) -> String {
        if key.hasPrefix("session:") { return messages("spots.show.device_browser") }
        if key.hasPrefix("device:") { return messages("spots.show.device_paired") }
        return SpotsAPI.deviceName(key)
    }

    /// Why it did or didn't fire, in the person's words; a place decision kept before decisions had a catalogue key
    /// reads as it was written then.
    static func reason(_ event: SpotsEvent, _ body: SpotsEventBody, _ messages: Messages) -> String {
        guard let decision = event.decision else { return messages(event.late ? "spots.show.sent_late" : "spots.show.sent_on_time") }
        guard let key = decision.localizedReason, messages.has(key) else { return body.reason }
        return messages(key)
    }
}
