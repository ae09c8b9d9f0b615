import Foundation

final class TCXHandler: RunXMLHandler {
    private var stack: [String] = []
    private var sawRoot = false
    private var activityCount = 0
    private var inActivity = false
    private var courseCount = 0
    private var sport: String?
    private var idTime: Int64?
    private var notes: String?
    private var creator: String?, author: String?
    private var samples: [RunSample] = []
    private var laps: [RecordedLap] = []
    private var cadence: [CadenceConvention.Reading] = []
    private var activity: Activity?
    private var tally = TrackPointTally(segmentPending: true)
    private var tracksInLap = 0

    private var lap: RecordedLap?
    private var inPoint = false
    private var pLine = 0
    private var pTime: Int64?
    private var pLat: Double?, pLon: Double?, pHasPosition = false, pPositionLine = 0
    private var pEle: Double?, pDist: Double?, pHR: Double?, pCad: Double?, pRunCad: Double?

    private static let ax2 = XMLNamespaces.activityExtensionV2

    override func didStart(namespace: String, name: String, attributes: [String: String]) throws {
        let tcx = XMLNamespaces.isTCX(namespace)
        if !sawRoot {
            sawRoot = true
            guard tcx, name == "TrainingCenterDatabase" else { throw RunFormatError.unsupportedRoot(name: name, namespace: namespace) }
        }
        let parent = stack.last
        stack.append(tcx ? name : "~" + name)
        guard tcx else { return }
        switch name {
        case "Activity" where parent == "Activities":
            activityCount += 1
            inActivity = activityCount == 1
            if inActivity {
                sport = attributes["Sport"]
                activity = sport.flatMap(ActivityNames.fromTCXSport)
            }
        case "Course" where parent == "Courses": courseCount += 1
        case "Lap" where inActivity && parent == "Activity":
            lap = RecordedLap(startTime: attributes["StartTime"].flatMap(ISO8601Time.parse),
                              firstSampleIndex: samples.count, sampleCount: 0)
            tracksInLap = 0
        case "Track" where inActivity && parent == "Lap":
            if tracksInLap > 0 { tally.startSegment() }
            tracksInLap += 1
        case "Trackpoint" where inActivity && parent == "Track":
            guard samples.count < RunFormatLimits.maxPoints else { throw RunFormatError.tooManyPoints(limit: RunFormatLimits.maxPoints) }
            inPoint = true
            pLine = line
            pTime = nil; pLat = nil; pLon = nil; pHasPosition = false
            pEle = nil; pDist = nil; pHR = nil; pCad = nil; pRunCad = nil
        case "Position" where inPoint:
            pHasPosition = true
            pPositionLine = line
        default: break
        }
    }

    override func didEnd(namespace: String, name: String, text: String) throws {
        stack.removeLast()
        let parent = stack.last
        if inPoint {
            if namespace == Self.ax2 {
                if name == "RunCadence" { pRunCad = Double(text) }
                return
            }
            guard XMLNamespaces.isTCX(namespace) else { return }
            switch name {
            case "Time" where parent == "Trackpoint":
                guard let t = ISO8601Time.parse(text) else { throw RunFormatError.badTime(line: line, text: text) }
                pTime = t
            case "LatitudeDegrees" where parent == "Position": pLat = try degrees(text, "LatitudeDegrees", range: -90...90)
            case "LongitudeDegrees" where parent == "Position": pLon = try degrees(text, "LongitudeDegrees", range: -180...180)
            case "AltitudeMeters" where parent == "Trackpoint": pEle = RunSampleRules.plausible(elevation: Double(text))
            case "DistanceMeters" where parent == "Trackpoint": pDist = Double(text)
            case "Value" where parent == "HeartRateBpm": pHR = Double(text)
            case "Cadence" where parent == "Trackpoint": pCad = Double(text)
            case "Trackpoint": try endPoint()
            default: break
            }
            return
        }
        guard XMLNamespaces.isTCX(namespace) else { return }
        switch name {
        case "Activity" where parent == "Activities": inActivity = false
        case "Id" where inActivity && parent == "Activity": idTime = ISO8601Time.parse(text)
        case "Notes" where inActivity && parent == "Activity": if !text.isEmpty { notes = text }
        case "Name" where inActivity && parent == "Creator": if creator == nil, !text.isEmpty { creator = text }
        case "Name" where parent == "Author": if author == nil, !text.isEmpty { author = text }
        case "TotalTimeSeconds" where inActivity && parent == "Lap": lap?.totalTimeSeconds = Double(text)
        case "DistanceMeters" where inActivity && parent == "Lap": lap?.distanceMeters = Double(text)
        case "Calories" where inActivity && parent == "Lap": lap?.calories = Double(text)
        case "Lap" where inActivity && parent == "Activity":
            if var l = lap {
                l.sampleCount = samples.count - l.firstSampleIndex
                laps.append(l)
            }
            lap = nil
        default: break
        }
    }

    private func degrees(_ text: String, _ what: String, range: ClosedRange<Double>) throws -> Double {
        guard let v = Double(text), v.isFinite else {
            throw RunFormatError.badCoordinate(line: line, detail: .notANumber("\(what) ", text))
        }
        guard range.contains(v) else { throw RunFormatError.badCoordinate(line: line, detail: .outOfRange("\(what) ", text)) }
        return v
    }

    private func endPoint() throws {
        inPoint = false
        guard tally.keep(timed: pTime != nil, line: pLine, index: samples.count), let time = pTime else { return }
        if pHasPosition && (pLat == nil || pLon == nil) {
            let missing = pLat == nil ? "LatitudeDegrees" : "LongitudeDegrees"
            throw RunFormatError.badCoordinate(line: pPositionLine, detail: .missingChild("Position", missing))
        }
        // Which cadence to trust when a point has both: bikes' Cadence is rpm; for everything
        // else RunCadence is unambiguous (one foot), so it wins.
        if activity == .cycling, let c = pCad {
            cadence.append(.init(sampleIndex: samples.count, value: c, perFoot: false))
        } else if let c = pRunCad {
            cadence.append(.init(sampleIndex: samples.count, value: c, perFoot: true))
        } else if let c = pCad {
            cadence.append(.init(sampleIndex: samples.count, value: c, perFoot: false))
        }
        samples.append(RunSample(time: time, latitude: pLat, longitude: pLon, elevation: pEle,
                                 heartRate: pHR, distance: pDist))
    }

    func result() throws -> RecordedActivity {
        guard activityCount > 0 else {
            if courseCount > 0 { throw RunFormatError.noTrack(detail: .onlyCourses(courseCount)) }
            throw RunFormatError.noTrack(detail: .noElement("Activity"))
        }
        guard !samples.isEmpty else {
            if tally.untimed > 0 { throw RunFormatError.noTimes(points: tally.untimed) }
            throw RunFormatError.noTrackpoints
        }
        let interpretation = CadenceConvention.apply(cadence, to: &samples, activity: activity)
        let lines = (notes ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return RecordedActivity(name: lines.first(where: { !$0.isEmpty && $0 != SimulatedRun.note }), activity: activity,
                                startTime: idTime ?? laps.first?.startTime ?? samples.first?.time,
                                samples: samples, laps: laps, creator: creator ?? author, cadenceInterpretation: interpretation,
                                segmentStarts: tally.segmentStarts, untimedPoints: tally.untimed, firstUntimedLine: tally.firstUntimedLine,
                                simulated: lines.contains(SimulatedRun.note))
    }
}
