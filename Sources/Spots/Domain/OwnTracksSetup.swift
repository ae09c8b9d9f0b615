import Foundation

/// OwnTracks' remote configuration for a device Cadence just enrolled: HTTP mode to Cadence's endpoint, the device
/// token as the password, significant-change monitoring. OwnTracks takes it as an `owntracks:///config?inline=` link
/// (the JSON in base64) or as an `.otrc` file opened with the app — one tap instead of five settings typed by hand.
public struct OwnTracksSetup: Sendable, Equatable {
    /// The configuration message (OwnTracks' `_type: configuration`), keys as the app reads them.
    public let json: Data

    public init(endpoint: String, token: String, deviceID: UUID) {
        let configuration: [String: Any] = [
            "_type": "configuration",
            "mode": 3,  // HTTP
            "url": endpoint,
            "auth": true,
            "username": "cadence",
            "password": token,
            "deviceId": String(deviceID.uuidString.lowercased().prefix(8)),
            "tid": "CA",
            "monitoring": 1,  // significant changes: the phone's own low-power location, in the background
            "locatorDisplacement": 25,
            "locatorInterval": 60,
            "pubExtendedData": true,
        ]
        json = (try? JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The link that opens OwnTracks and offers to import the configuration.
    public var link: String {
        // Percent-encode base64's '+', '/' and '=': Android reads the query with '+' as a space.
        let inline = json.base64EncodedString()
            .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F").replacingOccurrences(of: "=", with: "%3D")
        return "owntracks:///config?inline=\(inline)"
    }
}
