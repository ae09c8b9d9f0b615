import Foundation
import Geo

/// Writes a run as a TCX v2 file that validates against `TrainingCenterDatabasev2.xsd`.
///
/// One lap per run: the caller passes the run's total distance and calories (the numbers the
/// app shows), so the lap can't disagree with them; per-km laps would need split totals the
/// caller doesn't have. Lap children follow the schema's order (TotalTimeSeconds,
/// DistanceMeters, Calories, Average/MaximumHeartRateBpm, Intensity, Cadence, TriggerMethod,
/// Track). Each Trackpoint has a cumulative `DistanceMeters`: haversine along positions when the
/// run has any (position-less samples repeat the last value), else the sample's own
/// `distance` (treadmill). Heart rate is written as integers. Cadence: cycling → `Cadence`
/// (rpm); running/walking → `ns3:TPX/ns3:RunCadence` = steps/2 (one foot, as Garmin writes it).
/// Sport: running → Running, cycling → Biking, walking → Other (the schema has nothing else).
/// The run's name goes in `Activity/Notes`, where apps show it (TCX has no title field), and for
/// a simulated run `SimulatedRun.note` on the line after it. Each pause ends a `Track` within the
/// lap, as Garmin writes a stopped timer.
public enum TCXWriter {
    /// - Parameter sensors: where the readings came from, written into the activity's notes.
    public static func write(name: String?, activity: Activity?, samples: [RunSample], pauses: [RunPause] = [], simulated: Bool = false,
                             sensors: RunSensors = RunSensors(), totalDistanceMeters: Double? = nil, calories: Double? = nil) throws -> Data {
        guard let first = samples.first, let last = samples.last else {
            throw RunFormatError.nothingToExport(reason: "the run has no samples.")
        }
        let distances = cumulativeDistances(samples, pauses: pauses)
        let total = totalDistanceMeters ?? distances.last.flatMap { $0 } ?? 0
        let hrs = samples.compactMap(\.heartRate).filter { $0.isFinite && $0 >= 1 }
        let start = ISO8601Time.format(first.time)

        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="\(XMLNamespaces.tcx2)" xmlns:ns3="\(XMLNamespaces.activityExtensionV2)" \
        xmlns:xsi="\(XMLNamespaces.xsi)" xsi:schemaLocation="\(XMLNamespaces.tcx2) \
        http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
         <Activities>
          <Activity Sport="\(ActivityNames.tcxSport(activity))">
           <Id>\(start)</Id>
           <Lap StartTime="\(start)">

        """
        out.reserveCapacity(samples.count * 330)
        out += "    <TotalTimeSeconds>\(XMLText.number(Double(last.time - first.time) / 1000, decimals: 3))</TotalTimeSeconds>\n"
        out += "    <DistanceMeters>\(XMLText.number(max(0, total), decimals: 2))</DistanceMeters>\n"
        out += "    <Calories>\(Int(max(0, min(65_535, (calories ?? 0).rounded()))))</Calories>\n"
        if !hrs.isEmpty {
            let avg = hrs.reduce(0, +) / Double(hrs.count)
            out += "    <AverageHeartRateBpm><Value>\(byteHR(avg))</Value></AverageHeartRateBpm>\n"
            out += "    <MaximumHeartRateBpm><Value>\(byteHR(hrs.max()!))</Value></MaximumHeartRateBpm>\n"
        }
        out += "    <Intensity>Active</Intensity>\n"
        if activity == .cycling, let avg = average(samples.compactMap(\.cadence).filter { $0 > 0 }) {
            out += "    <Cadence>\(cadenceByte(avg))</Cadence>\n"
        }
        out += "    <TriggerMethod>Manual</TriggerMethod>\n    <Track>\n"
        for (i, s) in samples.enumerated() {
            if i > 0, RunPause.resumes(between: samples[i - 1].time, and: s.time, in: pauses) { out += "    </Track>\n    <Track>\n" }
            out += "     <Trackpoint><Time>\(ISO8601Time.format(s.time))</Time>"
            if let lat = s.latitude, let lon = s.longitude {
                out += "<Position><LatitudeDegrees>\(XMLText.number(lat, decimals: 7))</LatitudeDegrees>"
                out += "<LongitudeDegrees>\(XMLText.number(lon, decimals: 7))</LongitudeDegrees></Position>"
            }
            if let e = s.elevation, e.isFinite { out += "<AltitudeMeters>\(XMLText.number(e, decimals: 2))</AltitudeMeters>" }
            if let d = distances[i] { out += "<DistanceMeters>\(XMLText.number(d, decimals: 2))</DistanceMeters>" }
            if let hr = s.heartRate, hr.isFinite, hr >= 1 { out += "<HeartRateBpm><Value>\(byteHR(hr))</Value></HeartRateBpm>" }
            if let c = s.cadence, c.isFinite {
                if activity == .cycling {
                    out += "<Cadence>\(cadenceByte(c))</Cadence>"
                } else {
                    let v = cadenceByte(CadenceConvention.perFootValue(c, activity: activity))
                    out += "<Extensions><ns3:TPX><ns3:RunCadence>\(v)</ns3:RunCadence></ns3:TPX></Extensions>"
                }
            }
            out += "</Trackpoint>\n"
        }
        out += "    </Track>\n   </Lap>\n"
        let notes = [name ?? "", simulated ? SimulatedRun.note : "", sensors.summary.map { "Sensors: \($0)" } ?? ""].filter { !$0.isEmpty }
        if !notes.isEmpty { out += "   <Notes>\(XMLText.escape(notes.joined(separator: "\n")))</Notes>\n" }
        out += "  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n"
        return Data(out.utf8)
    }

    /// Convenience for a parsed or recorded activity.
    public static func write(_ a: RecordedActivity, totalDistanceMeters: Double? = nil, calories: Double? = nil) throws -> Data {
        try write(name: a.name, activity: a.activity, samples: a.samples, totalDistanceMeters: totalDistanceMeters, calories: calories)
    }

    /// Cumulative distance per sample (see the type's doc for the rule; nothing across a pause); nil where unknown.
    static func cumulativeDistances(_ samples: [RunSample], pauses: [RunPause] = []) -> [Double?] {
        let hasPositions = samples.contains { $0.latitude != nil && $0.longitude != nil }
        guard hasPositions else { return samples.map { $0.distance.flatMap { $0.isFinite ? max(0, $0) : nil } } }
        var result: [Double?] = []
        result.reserveCapacity(samples.count)
        var total = 0.0
        var prev: (lat: Double, lon: Double, time: Int64)?
        for s in samples {
            if let lat = s.latitude, let lon = s.longitude {
                if let p = prev, !RunPause.resumes(between: p.time, and: s.time, in: pauses) {
                    total += Geo.haversine(lat1: p.lat, lon1: p.lon, lat2: lat, lon2: lon)
                }
                prev = (lat, lon, s.time)
            }
            result.append(total)
        }
        return result
    }

    private static func average(_ v: [Double]) -> Double? { v.isEmpty ? nil : v.reduce(0, +) / Double(v.count) }
    /// Schema `positiveByte`: 1…255.
    private static func byteHR(_ v: Double) -> Int { max(1, min(255, Int(v.rounded()))) }
    /// Schema `CadenceValue_t`: 0…254.
    private static func cadenceByte(_ v: Double) -> Int { max(0, min(254, Int(v.rounded()))) }
}
