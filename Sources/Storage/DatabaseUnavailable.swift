@preconcurrency import AsyncKit
import NIOCore
import PostgresKit

extension Database {
    /// True for an error that means the database cannot be reached right now (PostgreSQL restarting, the network
    /// gone, no free connection in time) rather than a fault in the request: the server answers 503 with a
    /// Retry-After, and the pool and the listener reconnect by themselves.
    public static func isUnavailable(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
                return true
            case .server:
                // Class 08: connection exceptions; 57P01–57P03: shut down by the administrator, crashed, starting up.
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
            default:
                return false
            }
        case is ConnectionPoolTimeoutError, is ChannelError, is IOError, is NIOConnectionError:
            return true
        default:
            return false
        }
    }
}
