import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

// What the Spots pages show, one type per template (`spots-list`, `-map`, `-timeline`, `-new`, `-show`, `-delete`),
// with the frame all of them share and the reminder as the lists show it.

/// What every Spots page has: the live channel (alerts), the zone its times are shown in, the map's tiles.
struct SpotsFrame: Sendable {
    let live = true
    let bodyClass = "page spots-page"
    let zone: String
    let tiles: String
    let attribution: String

    init(zone: TimeZone, mapTiles: MapTiles) {
        self.zone = zone.identifier
        tiles = mapTiles.urlTemplate
        attribution = mapTiles.attribution
    }
}

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

/// `/phone/spots`: due soon, no date, by place, done.
struct SpotsListPage: Sendable {
    struct PlaceGroup: Sendable {
        let name: String
        let reminders: [SpotsItem]
    }

    let dueSoon: [SpotsItem]
    let hasDueSoon: Bool
    let noDate: [SpotsItem]
    let hasNoDate: Bool
    let groups: [PlaceGroup]
    let hasGroups: Bool
    let done: [SpotsItem]
    let hasDone: Bool
    let hasAny: Bool
    let navList = true

    init(_ all: [Reminder], zone: TimeZone, now: Date) {
        func byTitle(_ a: Reminder, _ b: Reminder) -> Bool { a.title.localizedStandardCompare(b.title) == .orderedAscending }
        let open = all.filter { !$0.isComplete }
        dueSoon = open.filter { $0.due != nil }.sorted { ($0.due!, $0.title) < ($1.due!, $1.title) }
            .map { SpotsItem($0, zone: zone, overdueAt: now) }
        groups = Dictionary(grouping: open.filter { $0.place != nil }) { $0.place!.name }
            .sorted { $0.key.localizedStandardCompare($1.key) == .orderedAscending }
            .map { PlaceGroup(name: $0.key, reminders: $0.value.sorted(by: byTitle).map { SpotsItem($0, zone: zone) }) }
        noDate = open.filter(\.isPlainToDo).sorted(by: byTitle).map { SpotsItem($0, zone: zone) }
        done = all.filter(\.isComplete).sorted { ($0.completedAt ?? .distantPast) > ($1.completedAt ?? .distantPast) }
            .map { SpotsItem($0, zone: zone) }
        hasDueSoon = !dueSoon.isEmpty
        hasNoDate = !noDate.isEmpty
        hasGroups = !groups.isEmpty
        hasDone = !done.isEmpty
        hasAny = !all.isEmpty
    }
}

/// `/phone/spots/map`: every open place reminder as a pin.
struct SpotsMapPage: Sendable {
    struct Pin: Sendable {
        let id: String
        let title: String
        let `where`: String?
        let latitude: String
        let longitude: String
        let radius: String
        let placeName: String
    }

    let pins: [Pin]
    let hasPins: Bool
    let map = true
    let navMap = true

    init(_ reminders: [Reminder], zone: TimeZone) {
        pins = reminders.filter { !$0.isComplete }.compactMap { reminder in
            reminder.place.map { place in
                Pin(id: SpotsPages.id(reminder.id), title: reminder.title, where: SpotsItem(reminder, zone: zone).where,
                    latitude: SpotsPages.number(place.fence.center.latitude),
                    longitude: SpotsPages.number(place.fence.center.longitude),
                    radius: SpotsPages.number(place.fence.radius), placeName: place.name)
            }
        }.sorted { $0.placeName.localizedStandardCompare($1.placeName) == .orderedAscending }
        hasPins = !pins.isEmpty
    }
}

/// `/phone/spots/timeline`: a day per slider step, today's first, then what has no date.
struct SpotsTimelinePage: Sendable {
    struct Day: Sendable {
        let key: String
        let label: String
        let index: Int
        let isToday: Bool
        let reminders: [SpotsItem]
    }

    let days: [Day]
    let hasDays: Bool
    let lastDay: Int
    let currentDay: Int
    let currentLabel: String
    let undated: [SpotsItem]
    let hasUndated: Bool
    let navTimeline = true

    init(_ reminders: [Reminder], zone: TimeZone, now: Date) {
        let byDay = DueRules.byDay(reminders, in: zone)
        let dayKey = SpotsPages.formatter("yyyy-MM-dd", zone), dayLabel = SpotsPages.formatter("EEEE d MMMM yyyy", zone)
        let today = SpotsPages.calendar(zone).startOfDay(for: now)
        days = byDay.enumerated().map { index, day in
            Day(key: dayKey.string(from: day.start), label: dayLabel.string(from: day.start), index: index,
                isToday: day.start == today, reminders: day.reminders.map { SpotsItem($0, zone: zone) })
        }
        hasDays = !days.isEmpty
        lastDay = max(0, days.count - 1)
        currentDay = byDay.firstIndex { $0.start >= today } ?? lastDay
        currentLabel = days.isEmpty ? "" : days[currentDay].label
        undated = DueRules.chronological(reminders).filter { $0.due == nil }.map { SpotsItem($0, zone: zone) }
        hasUndated = !undated.isEmpty
    }
}

/// `spots-form`: what was typed (after a refused post), else the stored reminder, else defaults; and which field
/// the refusal names.
struct SpotsReminderForm: Sendable {
    /// The fields a refusal can point at (`aria-invalid`); a bad latitude or longitude marks the place search.
    struct InvalidFields: Sendable {
        let title: Bool
        let notes: Bool
        let due: Bool
        let placeName: Bool
        let placeRadius: Bool
        let placeLocation: Bool

        init(_ field: String) {
            title = field == "title"
            notes = field == "notes"
            due = field == "due"
            placeName = field == "place.name"
            placeRadius = field == "place.radius"
            placeLocation = field.hasPrefix("place.latitude") || field.hasPrefix("place.longitude")
        }
    }

    let formAction: String
    let submitLabel: String
    let formTitle: String
    let formNotes: String
    let formDue: String
    let formDueMs: String?
    let formZone: String
    let formLatitude: String
    let formLongitude: String
    let formPlaceName: String
    let formRadius: String
    let triggerLeave: Bool
    let minRadius = SpotsPages.number(Fence.radiusRange.lowerBound)
    let maxRadius = SpotsPages.number(Fence.radiusRange.upperBound)
    /// The form's map (the layout loads the map's script and styles).
    let map = true
    let error: String?
    let invalid: InvalidFields?

    init(action: String, submitLabel: String, reminder: Reminder?, typed: [String: String]?, zone: TimeZone, refusal: ValidationError?) {
        formAction = action
        self.submitLabel = submitLabel
        error = refusal?.message
        invalid = refusal.map { InvalidFields($0.field) }
        if let typed {
            formTitle = typed["title"] ?? ""
            formNotes = typed["notes"] ?? ""
            formDue = typed["due"] ?? ""
            formDueMs = nil
            formZone = typed["tz"].flatMap { $0.isEmpty ? nil : $0 } ?? zone.identifier
            formLatitude = typed["latitude"] ?? ""
            formLongitude = typed["longitude"] ?? ""
            formPlaceName = typed["placeName"] ?? ""
            formRadius = typed["radius"] ?? ""
            triggerLeave = typed["trigger"] == "leave"
        } else {
            let fence = reminder?.place?.fence
            formTitle = reminder?.title ?? ""
            formNotes = reminder?.notes ?? ""
            formDue = reminder?.due.map { SpotsPages.formatter("yyyy-MM-dd'T'HH:mm", zone).string(from: $0) } ?? ""
            formDueMs = reminder?.due.map { String($0.millisecondsSince1970) }
            formZone = zone.identifier
            formLatitude = fence.map { SpotsPages.number($0.center.latitude) } ?? ""
            formLongitude = fence.map { SpotsPages.number($0.center.longitude) } ?? ""
            formPlaceName = reminder?.place?.name ?? ""
            formRadius = SpotsPages.number(fence?.radius ?? Fence.defaultRadius)
            triggerLeave = fence?.trigger == .leave
        }
    }
}

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

    init(_ stored: StoredReminder, events: [SpotsEvent], zone: TimeZone, notice: String?) {
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

/// `/phone/spots/{id}/delete`: the confirmation.
struct SpotsDeletePage: Sendable {
    let id: String
    let reminderTitle: String
    let isComplete: Bool
}
