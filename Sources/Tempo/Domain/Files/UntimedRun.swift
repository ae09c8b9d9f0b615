import Foundation
import Geo

/// Track points without a time that lie between two timed points of a segment. The position was measured, so
/// it counts for the route and the distance; its time is interpolated by the distance along the way from the
/// timed point before to the timed point after (the runner's pace taken as even over that stretch), as Strava does.
struct UntimedRun {
    struct Point {
        let line: Int
        let latitude: Double, longitude: Double
        let elevation: Double?, heartRate: Double?, cadence: Double?
    }

    private var points: [Point] = []

    var count: Int { points.count }

    mutating func append(_ point: Point) { points.append(point) }

    mutating func takeAll() -> [Point] {
        defer { points = [] }
        return points
    }

    /// The held points with their times, between `previous` and a timed point at `time` and (`latitude`,
    /// `longitude`), and no longer held. None when there is no time to share between them (the clock stood still
    /// or went back, or fewer milliseconds passed than there are points): those stay held, to be left out.
    mutating func interpolated(from previous: RunSample, to time: Int64, latitude: Double, longitude: Double) -> [(Point, Int64)] {
        let span = time - previous.time
        guard !points.isEmpty, span > Int64(points.count) else { return [] }
        var along: [Double] = []
        var total = 0.0
        var (lat, lon) = (previous.latitude ?? latitude, previous.longitude ?? longitude)
        for point in points + [Point(line: 0, latitude: latitude, longitude: longitude, elevation: nil, heartRate: nil, cadence: nil)] {
            total += Geo.haversine(lat1: lat, lon1: lon, lat2: point.latitude, lon2: point.longitude)
            along.append(total)
            (lat, lon) = (point.latitude, point.longitude)
        }
        let held = takeAll()
        var result: [(Point, Int64)] = []
        var last: Int64 = 0
        for (index, point) in held.enumerated() {
            // Standing still (no distance at all) shares the time out evenly instead.
            let fraction = total > 0 ? along[index] / total : Double(index + 1) / Double(held.count + 1)
            // Strictly between the two timed points and strictly in order (there is room: span > count).
            let offset = min(max(Int64((Double(span) * fraction).rounded()), last + 1), span - Int64(held.count - index))
            result.append((point, previous.time + offset))
            last = offset
        }
        return result
    }
}
