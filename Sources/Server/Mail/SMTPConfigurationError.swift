import CadenceCore
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

public struct SMTPConfigurationError: Error, CustomStringConvertible {
    public let description: String
}
