import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// One reminder as the lists show it (`spots-item`), in the person's language; its title and place name are theirs.
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
    /// The buttons' accessible names ("Complete Buy milk").
    let completeLabel: String
    let reopenLabel: String
    let deleteLabel: String

    init(_ reminder: Reminder, zone: TimeZone, messages: Messages, overdueAt now: Date? = nil) {
        let language = messages.language
        id = SpotsPages.id(reminder.id)
        title = reminder.title
        isComplete = reminder.isComplete
        overdue = now.map { now in reminder.due.map { $0 <= now } ?? false } ?? false
        let due = reminder.due
        let dateTime = SpotsPages.formatter("EEE d MMM yyyy, HH:mm", zone, language)
        when = due.map { dateTime.string(from: $0) }
        time = due.map { SpotsPages.formatter("HH:mm", zone, language).string(from: $0) }
        whenISO = due.map(SpotsPages.iso)
        dueMs = due.map { String($0.millisecondsSince1970) }
        `where` = reminder.place.map { place in
            messages(place.fence.trigger == .arrive ? "spots.item.arriving" : "spots.item.leaving",
                     ["place": place.name, "radius": SpotsPages.distance(place.fence.radius, language)])
        }
        switch reminder.recurrence {
        case .series(let rule):
            recurrence = Recurrence.summary(ofRule: rule, in: messages)
        case .occurrence(let originalStart):
            recurrence = messages("spots.repeat.occurrence", ["when": dateTime.string(from: originalStart)])
        case nil:
            recurrence = nil
        }
        completeLabel = messages("spots.item.complete_label", ["title": reminder.title])
        reopenLabel = messages("spots.item.reopen_label", ["title": reminder.title])
        deleteLabel = messages("spots.item.delete_label", ["title": reminder.title])
    }
}
