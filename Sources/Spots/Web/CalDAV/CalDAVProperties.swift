import CadenceCore
import DAV
import Foundation
import Spots
import SpotsService

/// The WebDAV and CalDAV properties of each kind of CalDAV resource, as discovery (RFC 6764, RFC 5397), task lists
/// (RFC 4791), sync (RFC 6578) and the CTag that Apple's and Thunderbird's clients poll need them.
struct CalDAVProperties {
    let account: Account
    /// The installation's VAPID key when WebDAV-Push is offered and the request asks for `transports`.
    var vapidPublicKey: String?

    typealias Property = DAVMultistatus.Property

    /// What `allprop` returns: the live properties clients read, never calendar data (RFC 4791 §9.6).
    static let common: [DAVName] = [.d("resourcetype"), .d("displayname"), .d("current-user-principal"), .d("owner"),
                                    .d("current-user-privilege-set")]
    static let forList: [DAVName] = common + [.c("supported-calendar-component-set"), .d("supported-report-set"), .cs("getctag"),
                                              .d("sync-token")]
    static let forResource: [DAVName] = [.d("resourcetype"), .d("getetag"), .d("getcontenttype"), .d("getlastmodified"),
                                         .d("getcontentlength")]

    static func allNames(for path: CalDAVPath) -> [DAVName] {
        switch path {
        case .root, .home: common + [.c("calendar-home-set")]
        case .principal: common + [.d("principal-URL"), .c("calendar-home-set"), .c("calendar-user-address-set")]
        case .list: forList
        case .resource: forResource
        case .pushRegistration: []
        }
    }

    /// WebDAV-Push's properties of a task list (draft §3.1). Not in allprop: clients ask for them by name.
    static let pushNames: Set<DAVName> = [.push("transports"), .push("topic"), .push("supported-triggers")]

    /// The properties asked for, split into those this resource has and those it has not.
    func answer(_ names: [DAVName], path: CalDAVPath, list: StoredList? = nil, resource: CalendarResource? = nil,
                calendarData: String? = nil) -> DAVMultistatus.Response {
        var found: [Property] = [], missing: [DAVName] = []
        for name in names {
            if let value = value(name, path: path, list: list, resource: resource, calendarData: calendarData) {
                found.append(value)
            } else {
                missing.append(name)
            }
        }
        return .properties(href: path.href, found: found, missing: missing)
    }

    /// The names only (PROPFIND propname).
    func names(path: CalDAVPath) -> DAVMultistatus.Response {
        .properties(href: path.href, found: Self.allNames(for: path).map(Property.empty), missing: [])
    }

    private func value(_ name: DAVName, path: CalDAVPath, list: StoredList?, resource: CalendarResource?,
                       calendarData: String?) -> Property? {
        switch (name, path) {
        case (.d("resourcetype"), .root), (.d("resourcetype"), .home):
            return Property(name, content: "<d:collection/>")
        case (.d("resourcetype"), .principal):
            return Property(name, content: "<d:collection/><d:principal/>")
        case (.d("resourcetype"), .list):
            return Property(name, content: "<d:collection/><c:calendar/>")
        case (.d("resourcetype"), .resource):
            return .empty(name)
        case (.d("current-user-principal"), _), (.d("principal-URL"), .principal), (.d("owner"), _):
            return .href(name, CalDAVPath.principalPath)
        case (.c("calendar-home-set"), .root), (.c("calendar-home-set"), .principal), (.c("calendar-home-set"), .home):
            return .href(name, CalDAVPath.homePath)
        case (.c("calendar-user-address-set"), .principal):
            return .href(name, "mailto:" + account.email)
        case (.d("displayname"), .principal):
            return .text(name, account.displayName)
        case (.d("displayname"), .home):
            return .text(name, "Task lists")
        case (.d("displayname"), .list):
            return list.map { .text(name, $0.list.name) }
        case (.d("current-user-privilege-set"), _):
            let privileges = ["read", "write", "write-properties", "write-content", "bind", "unbind", "read-current-user-privilege-set"]
            return Property(name, content: privileges.map { "<d:privilege><d:\($0)/></d:privilege>" }.joined())
        case (.c("supported-calendar-component-set"), .list):
            return Property(name, content: #"<c:comp name="VTODO"/>"#)
        case (.d("supported-report-set"), .list):
            let reports = ["<c:calendar-query/>", "<c:calendar-multiget/>", "<d:sync-collection/>"]
            return Property(name, content: reports.map { "<d:supported-report><d:report>\($0)</d:report></d:supported-report>" }.joined())
        case (.cs("getctag"), .list):
            return list.map { .text(name, CalendarResource.etag($0.seq)) }
        case (.d("sync-token"), .list):
            return list.map { .text(name, CalDAVSyncToken.make(list: $0.list, seq: $0.seq)) }
        case (.push("transports"), .list):
            return vapidPublicKey.map {
                Property(name, content: #"<P:web-push><P:vapid-public-key type="p256ecdsa">"# + DAVMultistatus.escape($0)
                    + "</P:vapid-public-key></P:web-push>")
            }
        case (.push("topic"), .list):
            return list.flatMap { vapidPublicKey == nil ? nil : .text(name, TaskListPushTopic.of($0.list)) }
        case (.push("supported-triggers"), .list):
            // Tasks added, changed or removed (the list's members, depth 1); the list's name (itself, depth 0).
            return vapidPublicKey == nil ? nil : Property(name, content: "<P:content-update><d:depth>1</d:depth></P:content-update>"
                + "<P:property-update><d:depth>0</d:depth></P:property-update>")
        case (.d("getetag"), .resource):
            return resource.map { .text(name, $0.etag) }
        case (.d("getcontenttype"), .resource):
            return .text(name, "text/calendar; charset=utf-8; component=VTODO")
        case (.d("getlastmodified"), .resource):
            return resource.map { .text(name, Self.httpDate($0.modifiedAt)) }
        case (.d("getcontentlength"), .resource):
            return calendarData.map { .text(name, String($0.utf8.count)) }
        case (.c("calendar-data"), .resource):
            return calendarData.map { .text(name, $0) }
        default:
            return nil
        }
    }

    /// RFC 9110's IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), from the date's UTC fields: a list's PROPFIND asks it
    /// of every task, and a DateFormatter made each time cost more than the rest of the answer.
    static func httpDate(_ date: Date) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, dayOfMonth) = CivilDays.date(fromDays: day)
        let time = seconds - day * 86_400
        return days[CivilDays.weekday(day)] + String(format: ", %02d ", dayOfMonth) + months[month - 1]
            + String(format: " %04d %02d:%02d:%02d GMT", year, time / 3600, time % 3600 / 60, time % 60)
    }
}
