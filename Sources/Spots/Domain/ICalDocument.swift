import Foundation

struct ICalDocument: Sendable {
    /// Every logical line in order, BEGIN/END included; lines that are not properties are left out.
    var lines: [ICalLine] = []
    var calendars: [ICalComponent] = []
    /// The lines left out, and why.
    var warnings: [ICalendarImport.Warning] = []

    /// The verbatim lines of a component, BEGIN through END.
    func rawLines(of component: ICalComponent) -> [String] {
        lines[component.begin...component.end].map(\.raw)
    }

    func lines(of component: ICalComponent) -> ArraySlice<ICalLine> {
        lines[component.begin...component.end]
    }
}
