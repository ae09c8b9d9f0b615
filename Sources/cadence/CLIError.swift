import ArgumentParser
import Foundation
import Logging
import Schema
import Storage

/// A failure to report to the person at the terminal: message on stderr, exit 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
