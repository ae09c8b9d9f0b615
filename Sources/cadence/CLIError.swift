import ArgumentParser
import Foundation
import Logging
import Schema
import Storage

/// A failure to report to the person at the terminal: message on stderr, exit 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    /// A message from the catalogue (`cli.…`), in the terminal's language.
    init(key: String, _ arguments: [String: String] = [:]) { description = Terminal.messages(key, arguments) }
    /// Text said as it is: another part's own error description, or the English of a developer tool (`bench`).
    init(_ description: String) { self.description = description }
}
