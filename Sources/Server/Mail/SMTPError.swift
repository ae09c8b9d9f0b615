import CadenceCore
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A message the SMTP server did not take; the description says why, for the operator's log.
public struct SMTPError: Error, CustomStringConvertible {
    public let description: String
}
