import Foundation

/// One unfolded content line.
struct ICalLine: Sendable {
    /// Upper-cased property name.
    let name: String
    let parameters: [ICalParameter]
    /// The value as written (TEXT still escaped).
    let value: String
    /// The whole unfolded line as read.
    let raw: String
    /// 1-based physical line on which it starts.
    let number: Int

    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }
}
