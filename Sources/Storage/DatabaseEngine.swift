@preconcurrency import AsyncKit
import CadenceCore
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

public enum DatabaseEngine: String, Sendable {
    case sqlite
    case postgres
}
