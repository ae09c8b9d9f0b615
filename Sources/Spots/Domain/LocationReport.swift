import CadenceCore
import Foundation
import Geo

/// One position fix from a device (OwnTracks, browser geolocation, phone app).
public struct LocationReport: Equatable, Sendable {
    public let coordinate: Coordinate
    /// Horizontal accuracy in metres: the radius of the circle the true position is
    /// in with ~68 % confidence (what iOS, Android, W3C geolocation and OwnTracks `acc` report).
    public let accuracy: Double
    /// When the fix was taken (device time), not when it reached the server.
    public let at: Date

    /// Anything coarser than 100 km is not a position fix (it is a country guess).
    public static let maximumAccuracy = 100_000.0

    public init(coordinate: Coordinate, accuracy: Double, at: Date) throws(ValidationError) {
        guard accuracy.isFinite, accuracy > 0, accuracy <= Self.maximumAccuracy else {
            throw ValidationError(field: "accuracy", "The accuracy is a number of metres above 0 and at most 100 km.",
                                  key: "spots.error.accuracy")
        }
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.at = at
    }

    /// A fix's time must be plausible: not before 2000, and not from the future (a fast clock
    /// is allowed ten minutes). A fix from the future would make every true fix after it
    /// look out of order, silencing the place for that device.
    public static func checkedTime(_ at: Date, now: Date, field: String) throws(ValidationError) -> Date {
        guard at >= Date(timeIntervalSince1970: 946_684_800) else {
            throw ValidationError(field: field, "The fix's time is before the year 2000; send milliseconds since 1970.",
                                  key: "spots.error.fix_too_old")
        }
        guard at <= now.addingTimeInterval(600) else {
            throw ValidationError(field: field, "The fix's time is in the future; check the device's clock.",
                                  key: "spots.error.fix_in_future")
        }
        return at
    }
}
