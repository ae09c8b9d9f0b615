import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// One reminder as the lists show it (`spots-item`).
struct SpotsItem: Sendable {
    let id: String
    let title: String
    let isComplete: Bool
    let overdue: Bool
    let when: String?
    let time: String?
    let whenISO: String?
    let dueMs: String?
    let `where`: String?
    let recurrence: String?

    init(_ reminder: Reminder, zone: TimeZone, overdueAt now: Date? = nil) {
        id = SpotsPages.id(reminder.id)
        title = reminder.title
        isComplete = reminder.isComplete
        overdue = now.map { now in reminder.due.map { $0 <= now } ?? false } ?? false
        let due = reminder.due
        when = due.map { SpotsPages.formatter("EEE d MMM yyyy, HH:mm", zone).string(from: $0) }
        time = due.map { SpotsPages.formatter("HH:mm", zone).string(from: $0) }
        whenISO = due.map(SpotsPages.iso)
        dueMs = due.map { String($0.millisecondsSince1970) }
        `where` = reminder.place.map { place in
            let verb = place.fence.trigger == .arrive ? "Arriving at" : "Leaving"
            return "\(verb) \(place.name) (\(SpotsPages.distance(place.fence.radius)))"
        }
        switch reminder.recurrence {
        case .series(let rule):
            recurrence = Recurrence.summary(ofRule: rule)
        case .occurrence(let originalStart):
            let when = SpotsPages.formatter("EEE d MMM yyyy, HH:mm", zone).string(from: originalStart)
            recurrence = "One occurrence (due \(when)) of a repeating task"
        case nil:
            recurrence = nil
        }
    }
}
