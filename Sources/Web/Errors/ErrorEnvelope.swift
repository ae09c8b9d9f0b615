import CadenceCore
import Foundation
import Hummingbird
import NIOCore

public struct ErrorEnvelope: Codable {
    public struct Body: Codable {
        public let code: String
        public let message: String
        public let field: String?
    }
    public let error: Body

    public init(error: Body) { self.error = error }
}
