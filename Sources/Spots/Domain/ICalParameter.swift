import Foundation

/// One parameter of a content line; names upper-cased, values with their quotes removed.
struct ICalParameter: Equatable, Sendable {
    var name: String
    var values: [String]

    /// Wire form, `NAME=value,value`, values quoted when they contain ':' ';' or ','.
    var wireForm: String { name + "=" + values.map(ICalText.parameterValue).joined(separator: ",") }
}
