import Foundation

/// RFC 7617: `Authorization: Basic base64(user:password)`, as calendar and location apps send it.
public enum HTTPBasicCredentials {
    public static func parse(_ header: String) -> (user: String, password: String)? {
        guard header.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(header.dropFirst("basic ".count)).trimmingCharacters(in: .whitespaces)),
              let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return nil }
        return (String(pair[..<colon]), String(pair[pair.index(after: colon)...]))
    }
}
