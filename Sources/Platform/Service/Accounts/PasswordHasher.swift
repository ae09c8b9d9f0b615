import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run on the blocking thread pool: a hash takes a quarter of a second at
/// cost 12 and must not stall the event loops that serve everyone else.
public struct PasswordHasher: Sendable {
    public let cost: UInt8

    public init(cost: UInt8 = 12) {
        self.cost = cost
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
