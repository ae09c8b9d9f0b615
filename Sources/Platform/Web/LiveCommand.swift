import CadenceCore
import Foundation
import Hummingbird
import Logging
import PlatformService
import Web

/// A command as a device sends it, checked field by field.
public struct LiveCommand {
    public let id: String
    public let type: String
    public let data: [String: Any]

    /// A message's text as JSON: nil when it is not a JSON object (answered `invalid_json`).
    public static func object(in text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    public init(_ object: [String: Any]) throws {
        guard let id = object["id"] as? String else {
            throw ValidationError(field: "id", "Every command needs an id: a UUID the device makes, so a resend is applied once.",
                                  key: "devices.live.error.command_id")
        }
        guard let type = object["type"] as? String else {
            throw ValidationError(field: "type", "Every command needs a type.", key: "devices.live.error.command_type")
        }
        if let data = object["data"], !(data is [String: Any]) {
            throw ValidationError(field: "data", "A command's data is a JSON object.", key: "devices.live.error.command_data")
        }
        self.id = id
        self.type = type
        self.data = object["data"] as? [String: Any] ?? [:]
    }
}
