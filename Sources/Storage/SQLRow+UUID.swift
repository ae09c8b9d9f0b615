import Foundation
import SQLKit

extension SQLRow {
    /// Ids are stored as UUID text on both engines.
    public func decodeUUID(column: String) throws -> UUID {
        let text = try decode(column: column, as: String.self)
        guard let id = UUID(uuidString: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(column) is not a UUID: \(text)"))
        }
        return id
    }
}
