import Foundation
import Hummingbird
import Web

/// Where the map's background tiles come from (R2): OpenStreetMap by default, any
/// `{z}/{x}/{y}` template, or "offline": a plain grid drawn by Cadence itself, for servers
/// without internet access. Pins, tapping and search work the same on every choice.
public struct MapTiles: Sendable, Equatable {
    public let urlTemplate: String
    public let credit: Credit

    /// Who the map's tiles are credited to: a provider's own words (kept as it writes them), another tile server
    /// named by its host, or Cadence's offline grid (both said in the person's language).
    public enum Credit: Sendable, Equatable {
        case provider(String)
        case host(String)
        case offlineGrid
    }

    public static let openStreetMap = MapTiles(
        urlTemplate: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", credit: .provider("© OpenStreetMap contributors"))
    public static let offline = MapTiles(urlTemplate: "/map/tiles/{z}/{x}/{y}.svg", credit: .offlineGrid)

    public init(urlTemplate: String, credit: Credit) {
        self.urlTemplate = urlTemplate
        self.credit = credit
    }

    /// `offline`, `osm`, or a tile URL template (`https://…/{z}/{x}/{y}.png`).
    public static func parse(_ text: String) -> MapTiles? {
        switch text.lowercased() {
        case "offline": return .offline
        case "osm", "openstreetmap": return .openStreetMap
        default:
            guard text.contains("{z}"), text.contains("{x}"), text.contains("{y}"),
                  let url = URL(string: text.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
                  url.scheme == "https" || url.scheme == "http", url.host != nil
            else { return nil }
            return MapTiles(urlTemplate: text, credit: .host(url.host!))
        }
    }

    /// The origin the browser must be allowed to load tile images from (CSP img-src), if not our own.
    public var origin: String? {
        guard let url = URL(string: urlTemplate.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
              let scheme = url.scheme, let host = url.host
        else { return nil }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
    }
}
