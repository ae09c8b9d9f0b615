import Foundation
import Spots
import SpotsService
import Web

/// Reminders in an export: one iCalendar file, the same as the Spots page's export.
extension SpotsFeature: AccountExporting {
    public var exportReadme: String {
        """
        spots/            Your reminders as one iCalendar file (reminders.ics): Thunderbird, Apple Reminders, \
        Nextcloud Tasks and Tasks.org import it; places travel as Apple's and RFC 9074's location alarms.
        """
    }

    public func exportFiles(accountID: UUID, scratch: URL) async throws -> [ExportFile] {
        let reminders = ReminderOrder.sorted(try await service.reminders(accountID: accountID)).map(\.reminder)
        return [ExportFile("spots/reminders.ics", .data(Data(ICalendar.export(reminders, now: clock.now()).utf8)))]
    }
}
