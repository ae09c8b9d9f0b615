import Foundation
import Hummingbird

extension Request {
    /// The `If-Match` the edit was sent with: the version it was made from. An empty header is no precondition.
    public var ifMatch: String? {
        guard let value = headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }
}
