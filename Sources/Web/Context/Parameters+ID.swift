import Foundation
import Hummingbird

extension Parameters {
    /// A path id; a malformed one is a 404 like any id this account cannot see.
    public func requireID(_ name: String) throws -> UUID {
        guard let text = self.get(name), let id = UUID(uuidString: text) else {
            throw APIError(.notFound, code: "not_found", "No record with the id \"\(self.get(name) ?? "")\".",
                           key: "error.no_record", ["id": self.get(name) ?? ""])
        }
        return id
    }
}
