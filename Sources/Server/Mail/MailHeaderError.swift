import CadenceCore
import Foundation

/// A value an e-mail header cannot carry. A line break would end the header and start another one (header
/// injection), so it is refused rather than quietly cleaned: the caller decides what the text should be.
public struct MailHeaderError: Error, CustomStringConvertible {
    public let description: String
}
