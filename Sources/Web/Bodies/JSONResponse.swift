import Foundation
import Hummingbird

/// A JSON answer a handler returns (`ResponseEncodable`, as Hummingbird's examples do), written by code the
/// compiler specialises for each body in the feature that declares it. Hummingbird's own default goes through
/// its non-inlinable `JSONEncoder` witness, where encoding runs unspecialised: a 10-hour run's body took a
/// quarter longer that way. Same bytes either way: sorted keys, ISO 8601 dates (`Response.jsonEncoder`).
public protocol JSONResponse: ResponseEncodable {}

extension JSONResponse {
    @inlinable
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response.json(self)
    }
}

extension JSONResponse {
    /// The JSON answer with its version in the `ETag` header (none when it has none), for an edit's `If-Match`.
    @inlinable
    public func response(etag: String?) -> Response {
        var response = Response.json(self)
        if let etag { response.headers[.eTag] = etag }
        return response
    }
}
