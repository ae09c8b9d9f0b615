import CadenceCore
import Foundation

extension Topic {
    /// Its version for `ETag` and `If-Match`: a digest of everything a topic is (title, duration, cues), so any edit
    /// changes it and an unchanged topic keeps it, whoever saved it.
    public var etag: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        return "\"" + SHA256Hex.digest(data).prefix(20) + "\""
    }
}
