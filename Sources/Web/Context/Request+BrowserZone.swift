import CadenceCore
import Foundation
import Hummingbird

extension Request {
    /// The zone the pages remember in the `cadence_tz` cookie (static/zone.js); nil without one or with a bad one.
    public var browserZone: TimeZone? {
        cookies[TimeZoneName.cookie].flatMap { TimeZoneName.parse($0.value.removingPercentEncoding ?? $0.value) }
    }
}
