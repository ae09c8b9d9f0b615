import Foundation
import Hummingbird

/// Where a feature's pages and scripts ship: `Resources/templates` and `Resources/static` in its web target's
/// bundle. The server loads every feature's templates into one library and serves every `static` folder at
/// `/static`, so a page's script imports a neighbour as `./name.js` wherever the file lives.
public struct FeatureResources: Sendable {
    public let templates: String
    public let staticFiles: String

    public init(bundle: Bundle) {
        let root = bundle.bundleURL.appendingPathComponent("Resources")
        templates = root.appendingPathComponent("templates").path
        staticFiles = root.appendingPathComponent("static").path
    }
}
