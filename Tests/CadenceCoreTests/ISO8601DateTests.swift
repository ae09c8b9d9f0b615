import Foundation
import Testing
@testable import CadenceCore

/// Date-times in API bodies: what people send is read exactly; a field out of range is refused
/// rather than rolled over into another time (schemathesis sent minute 99 and got 13:39 stored).
@Suite(.timeLimit(.minutes(5))) struct ISO8601DateTests {
    @Test(arguments: [
        ("2026-11-23T09:30:00Z", 1_795_426_200.0),
        ("2026-11-23T10:30:00+01:00", 1_795_426_200.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("2026-11-23T09:30:00.250Z", 1_795_426_200.25),  // a browser's toISOString()
    ])
    func validTimesAreReadExactly(text: String, seconds: Double) throws {
        #expect(try #require(ISO8601Date.parse(text)).timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2024-01-01T12:99:00Z", "2024-01-01T24:00:00Z", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
        "2024-04-31T00:00:00Z", "2024-01-01T00:00:61Z", "2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00+01:75",
        "2024-00-10T00:00:00Z", "yesterday", "",
    ])
    func outOfRangeOrOtherTextIsRefused(text: String) {
        #expect(ISO8601Date.parse(text) == nil)
    }
}
