import Foundation
import Geo

final class GPXHandler: RunXMLHandler {
    private var stack: [String] = []
    private var sawRoot = false
    private var creator: String?
    private var trkName: String?, metaName: String?, trkType: String?
    private var metaTime: Int64?
    private var trkCount = 0, rteCount = 0, wptCount = 0
    private var samples: [RunSample] = []
    private var cadence: [CadenceConvention.Reading] = []
    private var tally = TrackPointTally(segmentPending: false)
    private var simulated = false
    /// Untimed points since the last timed one of this segment: they get their times when the next timed one comes.
    private var untimedRun = UntimedRun()

    private var inPoint = false
    private var pLine = 0
    private var pLat = 0.0, pLon = 0.0
    private var pEle: Double?, pTime: Int64?, pHR: Double?, pCad: Double?

    private static let tpx1 = XMLNamespaces.trackPointExtensionV1
    private static let tpx2 = XMLNamespaces.trackPointExtensionV2
    private static let cluetrust = XMLNamespaces.cluetrustGPXData

    override func didStart(namespace: String, name: String, attributes: [String: String]) throws {
        let gpx = XMLNamespaces.isGPX(namespace)
        if !sawRoot {
            sawRoot = true
            guard gpx, name == "gpx" else { throw RunFormatError.unsupportedRoot(name: name, namespace: namespace) }
            creator = attributes["creator"]
        }
        let parent = stack.last
        stack.append(gpx ? name : "~" + name)
        guard gpx else { return }
        switch name {
        case "trk" where parent == "gpx": trkCount += 1
        case "rte" where parent == "gpx": rteCount += 1
        case "wpt" where parent == "gpx": wptCount += 1
        case "trkseg" where parent == "trk":
            leaveOutUntimedRun()
            tally.startSegment()
        case "trkpt" where parent == "trkseg":
            guard samples.count + untimedRun.count < RunFormatLimits.maxPoints else { throw RunFormatError.tooManyPoints(limit: RunFormatLimits.maxPoints) }
            inPoint = true
            pLine = line
            pLat = try coordinate(attributes["lat"], "lat", range: -90...90)
            pLon = try coordinate(attributes["lon"], "lon", range: -180...180)
            pEle = nil; pTime = nil; pHR = nil; pCad = nil
        default: break
        }
    }

    private func coordinate(_ text: String?, _ attr: String, range: ClosedRange<Double>) throws -> Double {
        guard let text else { throw RunFormatError.badCoordinate(line: pLine, detail: .missingAttribute("trkpt", attr)) }
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
            throw RunFormatError.badCoordinate(line: pLine, detail: .notANumber("trkpt \(attr)=", text))
        }
        guard range.contains(v) else { throw RunFormatError.badCoordinate(line: pLine, detail: .outOfRange("trkpt \(attr)=", text)) }
        return v
    }

    override func didEnd(namespace: String, name: String, text: String) throws {
        stack.removeLast()
        let parent = stack.last
        if inPoint {
            if XMLNamespaces.isGPX(namespace) {
                switch name {
                case "ele" where parent == "trkpt": pEle = RunSampleRules.plausible(elevation: Double(text))
                case "time" where parent == "trkpt":
                    guard let t = ISO8601Time.parse(text) else { throw RunFormatError.badTime(line: line, text: text) }
                    pTime = t
                case "trkpt" where parent == "trkseg": try endPoint()
                default: break
                }
            } else if namespace == Self.tpx1 || namespace == Self.tpx2 {
                if name == "hr" { pHR = Double(text) } else if name == "cad" { pCad = Double(text) }
            } else if namespace == Self.cluetrust {
                if name == "hr" { pHR = Double(text) } else if name == "cadence" { pCad = Double(text) }
            }
            return
        }
        guard XMLNamespaces.isGPX(namespace) else { return }
        switch name {
        case "name" where parent == "trk": if trkName == nil, !text.isEmpty { trkName = text }
        case "type" where parent == "trk": if trkType == nil, !text.isEmpty { trkType = text }
        case "src" where parent == "trk": if text == SimulatedRun.source { simulated = true }
        case "name" where parent == "metadata" || parent == "gpx": if metaName == nil, !text.isEmpty { metaName = text }
        case "time" where parent == "metadata" || parent == "gpx": if metaTime == nil { metaTime = ISO8601Time.parse(text) }
        default: break
        }
    }

    private func endPoint() throws {
        inPoint = false
        let point = UntimedRun.Point(line: pLine, latitude: pLat, longitude: pLon, elevation: pEle, heartRate: pHR, cadence: pCad)
        guard let time = pTime else {
            // Between two timed points of a segment an untimed one still marks where the runner went (gpxpy and
            // Strava count it); before the first timed point there is nothing to take its time from.
            if tally.inTimedSegment { untimedRun.append(point) } else { _ = tally.keep(timed: false, line: pLine, index: samples.count) }
            return
        }
        if let previous = samples.last, tally.inTimedSegment {
            for (filled, at) in untimedRun.interpolated(from: previous, to: time, latitude: pLat, longitude: pLon) {
                append(filled, time: at)
                tally.countInterpolated()
            }
        }
        leaveOutUntimedRun()
        guard tally.keep(timed: true, line: pLine, index: samples.count) else { return }
        append(point, time: time)
    }

    private func append(_ point: UntimedRun.Point, time: Int64) {
        if let c = point.cadence { cadence.append(.init(sampleIndex: samples.count, value: c, perFoot: false)) }
        samples.append(RunSample(time: time, latitude: point.latitude, longitude: point.longitude, elevation: point.elevation,
                                 heartRate: point.heartRate))
    }

    /// Untimed points no later timed point of their segment follows are left out, and counted.
    private func leaveOutUntimedRun() {
        for point in untimedRun.takeAll() { _ = tally.keep(timed: false, line: point.line, index: samples.count) }
    }

    func result() throws -> RecordedActivity {
        leaveOutUntimedRun()
        guard trkCount > 0 else {
            if rteCount > 0 || wptCount > 0 {
                throw RunFormatError.noTrack(detail: .onlyRoutes(rteCount, waypoints: wptCount))
            }
            throw RunFormatError.noTrack(detail: .noElement("trk"))
        }
        guard !samples.isEmpty else {
            if tally.untimed > 0 { throw RunFormatError.noTimes(points: tally.untimed) }
            throw RunFormatError.noTrackpoints
        }
        let activity = trkType.flatMap(ActivityNames.fromGPXType)
        let interpretation = CadenceConvention.apply(cadence, to: &samples, activity: activity)
        return RecordedActivity(name: trkName ?? metaName, activity: activity, startTime: samples.first?.time ?? metaTime,
                                samples: samples, laps: [], creator: creator, cadenceInterpretation: interpretation,
                                segmentStarts: tally.segmentStarts, untimedPoints: tally.untimed, firstUntimedLine: tally.firstUntimedLine,
                                interpolatedPoints: tally.interpolated, simulated: simulated)
    }
}
