@preconcurrency import AsyncKit
import CadenceCore
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

public struct DatabaseConfigurationError: Error, CustomStringConvertible {
    public let description: String
}
