import Foundation

/// A WebDAV-Push client's "do not push me about my own change" (draft §5.2, the `Push-Dont-Notify` header): the
/// registrations it names, or all of them. It rides with the request's task into the push that the write causes, so
/// no use case needs a parameter for it.
public enum PushDontNotify: Sendable, Equatable {
    case nobody
    /// `*`: no push at all for this change.
    case everyone
    /// Registration ids (the last segment of each registration URL the header names).
    case registrations(Set<String>)

    /// The request being answered's choice; `.nobody` outside a CalDAV request.
    @TaskLocal public static var current: PushDontNotify = .nobody

    public func spares(_ registrationID: String) -> Bool {
        switch self {
        case .nobody: false
        case .everyone: true
        case .registrations(let ids): ids.contains(registrationID)
        }
    }

    /// Reads the header's values: quoted absolute registration URLs (a comma-separated list, on one line or several),
    /// or `*` alone. Values that are neither are ignored, as the draft says; a URL counts only when its path is a
    /// registration's (`…/push/<id>`).
    public static func parse(_ values: [String], registrationPath: String) -> PushDontNotify {
        var ids = Set<String>()
        for value in values {
            if value.trimmingCharacters(in: .whitespaces) == "*" { return .everyone }
            for item in quotedStrings(in: value) {
                guard let url = URL(string: item), url.scheme != nil else { continue }
                let path = url.path
                guard path.hasPrefix(registrationPath) else { continue }
                let id = path.dropFirst(registrationPath.count).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                if !id.isEmpty, !id.contains("/") { ids.insert(id) }
            }
        }
        return ids.isEmpty ? .nobody : .registrations(ids)
    }

    /// The quoted strings of a comma-separated list (RFC 9110 §5.6.4: backslash escapes a character).
    static func quotedStrings(in value: String) -> [String] {
        var found: [String] = []
        var current = ""
        var inside = false
        var escaped = false
        for character in value {
            if !inside {
                if character == "\"" { inside = true; current = "" }
                continue
            }
            if escaped { current.append(character); escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "\"": inside = false; found.append(current)
            default: current.append(character)
            }
        }
        return found
    }
}
