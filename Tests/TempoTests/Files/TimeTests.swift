import Foundation
import Testing
@testable import Tempo

@Suite("ISO 8601 time parsing and formatting", .timeLimit(.minutes(5)))
struct TimeTests {
    static let base: Int64 = 1_714_550_400_000  // 2024-05-01T08:00:00Z

    @Test(arguments: [
        ("2024-05-01T08:00:00Z", base),
        ("2024-05-01T08:00:00.000Z", base),
        ("2024-05-01T08:00:00.5Z", base + 500),
        ("2024-05-01T08:00:00.123456Z", base + 123),
        ("2024-05-01T10:00:00+02:00", base),
        ("2024-05-01T03:00:00-0500", base),
        ("2024-05-01T09:00:00+01", base),
        ("2024-05-01T08:00:00", base),
        ("2024-05-01t08:00:00z", base),
        ("2024-05-01 08:00:00Z", base),
        ("  2024-05-01T08:00:00Z\n", base),
        ("2022-11-12T15:58:25.849800+00:00", 1_668_268_705_849),
        ("1970-01-01T00:00:00Z", 0),
        ("2000-02-29T23:59:59.999Z", 951_868_799_999),
    ])
    func parses(text: String, expected: Int64) {
        #expect(ISO8601Time.parse(text) == expected)
    }

    @Test(arguments: ["", "yesterday", "2024-05-01", "2024-05-01T08:00Z", "2024-13-01T00:00:00Z",
                      "2024-05-01T08:00:00.Z", "2024-05-01T08:00:00+2", "2024-05-01T08:00:00 junk", "2024/05/01T08:00:00Z"])
    func rejects(text: String) {
        #expect(ISO8601Time.parse(text) == nil)
    }

    @Test func formatsUTCWithMillisecondsOnlyWhenNonZero() {
        #expect(ISO8601Time.format(Self.base) == "2024-05-01T08:00:00Z")
        #expect(ISO8601Time.format(Self.base + 50) == "2024-05-01T08:00:00.050Z")
        #expect(ISO8601Time.format(0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601Time.format(-1) == "1969-12-31T23:59:59.999Z")
        for ms in stride(from: Int64(-86_400_000 * 800), to: 4_102_444_800_000, by: 86_400_000 * 97 + 12_345) {
            #expect(ISO8601Time.parse(ISO8601Time.format(ms)) == ms)
        }
    }

    @Test func gpxAndTcxAcceptTheVariants() throws {
        let pts = ["2024-05-01T08:00:00Z", "2024-05-01T10:00:01.250+02:00", "2024-05-01T08:00:02"].map {
            "<trkpt lat=\"1\" lon=\"2\"><time>\($0)</time></trkpt>"
        }
        let r = try GPXReader.read(TS.data(TS.gpx(pts)))
        #expect(r.samples.map(\.time) == [Self.base, Self.base + 1250, Self.base + 2000])
    }
}
