import CadenceCore

/// What exactly is wrong in a run file, inside a `RunFormatError` sentence: its English words and the same by
/// catalogue key (`tempo.runs.error.file.detail.…`), so the whole refusal is said in the person's language. The
/// file's own names and values go in as they are.
public struct RunFileDetail: Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public let localized: MessageKey

    init(_ english: String, _ key: String, _ arguments: [String: String] = [:]) {
        description = english
        localized = MessageKey("tempo.runs.error.file.detail." + key, arguments)
    }

    /// A GPX file with routes or waypoints but no track.
    public static func onlyRoutes(_ routes: Int, waypoints: Int) -> RunFileDetail {
        RunFileDetail("the file has only \(routes) route(s) and \(waypoints) waypoint(s), not a recorded track.", "only_routes",
                      ["routes": String(routes), "waypoints": String(waypoints)])
    }

    /// A TCX file with courses but no activity.
    public static func onlyCourses(_ courses: Int) -> RunFileDetail {
        RunFileDetail("the file has only \(courses) course(s), not a recorded activity.", "only_courses", ["courses": String(courses)])
    }

    /// No element of the kind a recording is kept in (`trk`, `Activity`).
    public static func noElement(_ name: String) -> RunFileDetail {
        RunFileDetail("the file has no <\(name)> element.", "no_element", ["name": name])
    }

    public static func missingAttribute(_ element: String, _ attribute: String) -> RunFileDetail {
        RunFileDetail("\(element) has no \(attribute) attribute", "missing_attribute", ["element": element, "attribute": attribute])
    }

    public static func missingChild(_ element: String, _ child: String) -> RunFileDetail {
        RunFileDetail("\(element) has no \(child)", "missing_child", ["element": element, "child": child])
    }

    /// `what` is how the file wrote the value's place: `trkpt lat=` or `LatitudeDegrees `.
    public static func notANumber(_ what: String, _ text: String) -> RunFileDetail {
        RunFileDetail("\(what)\"\(text)\" is not a number", "not_a_number", ["what": what, "text": text])
    }

    public static func outOfRange(_ what: String, _ text: String) -> RunFileDetail {
        RunFileDetail("\(what)\"\(text)\" is out of range", "out_of_range", ["what": what, "text": text])
    }
}
