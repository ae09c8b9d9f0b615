import CadenceCore
import Foundation
import Spots
import Testing

/// A fix's time decides whether later fixes look out of order, so an implausible one is refused, not stored.
@Suite(.timeLimit(.minutes(5))) struct LocationReportTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func aFixFromBefore2000IsRefusedNamingTheField() {
        #expect(throws: ValidationError(field: "tst", "The fix's time is before the year 2000; send milliseconds since 1970.",
                                         key: "spots.error.fix_too_old")) {
            try LocationReport.checkedTime(Date(timeIntervalSince1970: 946_684_799), now: now, field: "tst")
        }
    }

    @Test func aDeviceClockUpToTenMinutesFastIsAllowed() throws {
        let fast = now.addingTimeInterval(600)
        #expect(try LocationReport.checkedTime(fast, now: now, field: "at") == fast)
    }

    @Test func aFixFurtherInTheFutureIsRefused() {
        #expect(throws: ValidationError(field: "at", "The fix's time is in the future; check the device's clock.",
                                         key: "spots.error.fix_in_future")) {
            try LocationReport.checkedTime(now.addingTimeInterval(601), now: now, field: "at")
        }
    }
}
