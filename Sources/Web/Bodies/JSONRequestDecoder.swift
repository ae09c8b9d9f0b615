import CadenceCore
import Foundation
import Hummingbird
import NIOCore

/// The request decoder of `AppContext`, so `request.decode(as:context:)` refuses a body the way the API documents:
/// not JSON (415), too big (413), malformed, a missing field or a wrong type (400 naming the field).
public struct JSONRequestDecoder: RequestDecoder {
    public init() {}

    @inlinable
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        var request = request
        return try await request.decodeJSON(T.self, context: context)
    }
}
