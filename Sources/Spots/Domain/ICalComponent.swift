import Foundation

/// A component (VCALENDAR, VTODO, VALARM, …) with its properties and sub-components in file order.
struct ICalComponent: Sendable {
    enum Entry: Sendable {
        case property(ICalLine)
        case component(ICalComponent)
    }

    let name: String
    /// Index of the BEGIN line in `ICalDocument.lines`.
    let begin: Int
    /// Index of the END line.
    var end: Int
    var entries: [Entry] = []

    var beginLine: Int

    var properties: [ICalLine] {
        entries.compactMap { if case .property(let line) = $0 { line } else { nil } }
    }

    var components: [ICalComponent] {
        entries.compactMap { if case .component(let component) = $0 { component } else { nil } }
    }

    func first(_ name: String) -> ICalLine? { properties.first { $0.name == name } }
}
