import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

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
    /// The task lists to choose from, when there is more than one (calendar apps make them).
    let taskLists: [ListLink]
    let hasSeveralLists: Bool

    struct ListLink: Sendable {
        let name: String
        let href: String
        let current: Bool
    }

    init(_ all: [Reminder], zone: TimeZone, now: Date, messages: Messages, lists: [StoredList] = [], chosen: String? = nil) {
        taskLists = [ListLink(name: messages("spots.list.all_lists"), href: "/phone/spots", current: chosen == nil)] + lists.map {
            ListLink(name: $0.list.name, href: "/phone/spots?list=" + ($0.list.slug.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                     current: $0.list.slug == chosen)
        }
        hasSeveralLists = lists.count > 1
        func byTitle(_ a: Reminder, _ b: Reminder) -> Bool { a.title.localizedStandardCompare(b.title) == .orderedAscending }
        let open = all.filter { !$0.isComplete }
        dueSoon = open.filter { $0.due != nil }.sorted { ($0.due!, $0.title) < ($1.due!, $1.title) }
            .map { SpotsItem($0, zone: zone, messages: messages, overdueAt: now) }
        groups = Dictionary(grouping: open.filter { $0.place != nil }) { $0.place!.name }
            .sorted { $0.key.localizedStandardCompare($1.key) == .orderedAscending }
            .map { PlaceGroup(name: $0.key, reminders: $0.value.sorted(by: byTitle).map { SpotsItem($0, zone: zone, messages: messages) }) }
        noDate = open.filter(\.isPlainToDo).sorted(by: byTitle).map { SpotsItem($0, zone: zone, messages: messages) }
        done = all.filter(\.isComplete).sorted { ($0.completedAt ?? .distantPast) > ($1.completedAt ?? .distantPast) }
            .map { SpotsItem($0, zone: zone, messages: messages) }
        hasDueSoon = !dueSoon.isEmpty
        hasNoDate = !noDate.isEmpty
        hasGroups = !groups.isEmpty
        hasDone = !done.isEmpty
        hasAny = !all.isEmpty
    }
}
