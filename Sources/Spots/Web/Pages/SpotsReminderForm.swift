import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

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
        let repeats: Bool
        let list: Bool
        /// The refusal names none of the form's fields: its message goes at the top.
        let none: Bool

        init(_ field: String) {
            title = field == "title"
            notes = field == "notes"
            due = field == "due"
            placeName = field == "place.name"
            placeRadius = field == "place.radius"
            placeLocation = field.hasPrefix("place.latitude") || field.hasPrefix("place.longitude")
            repeats = field.hasPrefix("repeat") || field == "timeZone"
            list = field == "list"
            none = !(title || notes || due || placeName || placeRadius || placeLocation || repeats || list)
        }
    }

    let formAction: String
    /// The version of the reminder the form was filled from (its ETag): saving refuses an edit from a stale one.
    let version: String?
    let submitLabel: String
    let formTitle: String
    let formNotes: String
    let formDue: String
    let formDueMs: String?
    let formZone: String
    /// "Times in Europe/Madrid." (the page's script says it again for the browser's zone).
    let zoneHint: String
    let formLatitude: String
    let formLongitude: String
    let formPlaceName: String
    let formRadius: String
    let triggerLeave: Bool
    let repeats: SpotsRepeatFields
    /// The list it goes in, offered when the account has more than one.
    let listChoices: [ListChoice]
    let hasListChoice: Bool

    struct ListChoice: Sendable {
        let slug: String
        let name: String
        let selected: Bool
    }
    let minRadius = SpotsPages.number(Fence.radiusRange.lowerBound)
    let maxRadius = SpotsPages.number(Fence.radiusRange.upperBound)
    /// "Radius in metres (50–50000)".
    let radiusLabel: String
    /// The form's map (the layout loads the map's script and styles).
    let map = true
    let error: String?
    let invalid: InvalidFields?
    /// Which parts open with the form (issue 39): the title alone for a new reminder; a part that holds something,
    /// or that a refusal is about, open.
    let notesOpen: Bool
    let dueOpen: Bool
    let placeOpen: Bool
    /// Where the map opens without a place: the person's region, from their zone ("52.5,13.4"); empty: the world.
    let region: String

    init(action: String, submitLabel: String, reminder: Reminder?, typed: [String: String]?, zone: TimeZone, refusal: ValidationError?,
         messages: Messages, lists: [StoredList] = [], list: String? = nil, version: String? = nil) {
        self.version = version
        let chosen = typed?["list"] ?? list ?? TaskList.defaultSlug
        listChoices = lists.map { ListChoice(slug: $0.list.slug, name: $0.list.name, selected: $0.list.slug == chosen) }
        hasListChoice = lists.count > 1
        formAction = action
        self.submitLabel = submitLabel
        error = refusal.map { APIError.refusal($0)?.message(in: messages) ?? $0.message }
        radiusLabel = messages("spots.form.radius", ["min": minRadius, "max": maxRadius])
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
            repeats = SpotsRepeatFields(typed: typed, language: messages.language)
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
            repeats = SpotsRepeatFields(reminder: reminder, zone: reminder?.repeatSchedule?.timeZone ?? zone, language: messages.language)
        }
        zoneHint = messages("spots.form.zone_hint", ["zone": formZone])
        let fields = refusal.map { InvalidFields($0.field) }
        notesOpen = !formNotes.isEmpty || fields?.notes == true
        dueOpen = !formDue.isEmpty || repeats.isRepeating || fields?.due == true || fields?.repeats == true
        placeOpen = !formLatitude.isEmpty || !formPlaceName.isEmpty || fields.map { $0.placeName || $0.placeRadius || $0.placeLocation } == true
        region = ZoneRegion.center(of: TimeZone(identifier: formZone) ?? zone).map { "\($0.latitude),\($0.longitude)" } ?? ""
    }
}
