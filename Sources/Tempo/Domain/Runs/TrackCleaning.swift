import CadenceCore
import Geo

/// Makes an uploaded or recorded track fit for statistics, without inventing anything.
///
/// Files from watches and phones come with repeated points (a lap marker written twice),
/// GPS jumps (a fix from a tall building's reflection), and sensor glitches (a strap reading
/// 0 or 255). Stats over such a track are wrong in ways people notice (a 3-minute km), so the
/// rules below drop what cannot be true and say what they dropped:
///
/// 1. Samples are sorted by time (stable: equal times keep their input order).
/// 2. Samples with the same time are merged into one: the first one's fields win, later
///    non-nil fields fill its gaps. Each merged-away sample counts as repeated. Not merged: two
///    samples at the same time in different places (a file whose clock stood still, as an unset
///    device writes; both are what the file says, in its order).
/// 3. A position with only one coordinate, a non-finite one, or |lat| > 90, |lon| > 180 is removed.
/// 4. A position farther from the last kept position than `SpeedLimits.allowedDistance`
///    (activity limit × seconds + 25 m of GPS noise) is removed. The time and the other readings
///    of that sample stay: only the position was wrong. With the activity unknown the limit is
///    what any GPS receiver can record, so only physically impossible jumps go. Positions stamped
///    with the same time are not compared (the file gives no time between them), and after a
///    pause the check starts afresh (the device may have been anywhere meanwhile).
/// 5. Heart rate outside 25…250 bpm and cadence outside 0…300 become nil; non-finite
///    elevation, tempo and distance become nil too (not counted: they cannot come from a device).
///
/// Known limit: rule 4 compares with the last *kept* position, so if the very first fix is the
/// wrong one, the following good points may be dropped until one is within reach again.
public enum TrackCleaning {
    public static let heartRateRange: ClosedRange<Double> = 25...250
    public static let cadenceRange: ClosedRange<Double> = 0...300

    public static func clean(_ input: [RunSample], activity: Activity?, pauses: [RunPause] = []) -> CleanedTrack {
        var report = CleaningReport()
        report.inputCount = input.count
        let order = input.indices.sorted { (input[$0].time, $0) < (input[$1].time, $1) }

        var merged: [RunSample] = []
        merged.reserveCapacity(input.count)
        for i in order {
            let s = input[i]
            if let last = merged.last, last.time == s.time, !inDifferentPlaces(last, s) {
                merged[merged.count - 1] = fill(last, from: s)
                report.repeatedSamples += 1
            } else {
                merged.append(s)
            }
        }

        var lastPosition: (lat: Double, lon: Double, time: Int64)?
        var worstJump: (metres: Double, seconds: Double)?
        for i in merged.indices {
            var s = merged[i]
            if s.latitude != nil || s.longitude != nil {
                if !Geo.isValid(latitude: s.latitude, longitude: s.longitude) {
                    report.invalidPositions += 1
                    s.latitude = nil; s.longitude = nil
                } else if let lat = s.latitude, let lon = s.longitude {
                    if let p = lastPosition, p.time < s.time, !RunPause.resumes(between: p.time, and: s.time, in: pauses) {
                        let metres = Geo.haversine(lat1: p.lat, lon1: p.lon, lat2: lat, lon2: lon)
                        let seconds = Double(s.time - p.time) / 1000
                        if metres > SpeedLimits.allowedDistance(seconds: seconds, activity: activity) {
                            report.impossibleJumps += 1
                            s.latitude = nil; s.longitude = nil
                            // The note quotes the fastest jump: the clearest proof that it was not a run.
                            let speed = metres / max(seconds, 0.001)
                            if speed > (worstJump.map { $0.metres / max($0.seconds, 0.001) } ?? -1) {
                                worstJump = (metres, seconds)
                            }
                        }
                    }
                    if let lat = s.latitude, let lon = s.longitude { lastPosition = (lat, lon, s.time) }
                }
            }
            if let hr = s.heartRate, !(hr.isFinite && heartRateRange.contains(hr)) {
                s.heartRate = nil; report.heartRatesRemoved += 1
            }
            if let c = s.cadence, !(c.isFinite && cadenceRange.contains(c)) {
                s.cadence = nil; report.cadencesRemoved += 1
            }
            if let e = s.elevation, !e.isFinite { s.elevation = nil }
            if let t = s.tempo, !t.isFinite { s.tempo = nil }
            if let d = s.distance, !d.isFinite { s.distance = nil }
            merged[i] = s
        }
        report.keptCount = merged.count
        report.changeNotes = notes(report, worstJump: worstJump, activity: activity)
        return CleanedTrack(samples: merged, report: report)
    }

    /// Both samples have a position, and not the same one.
    static func inDifferentPlaces(_ a: RunSample, _ b: RunSample) -> Bool {
        guard let lat1 = a.latitude, let lon1 = a.longitude, let lat2 = b.latitude, let lon2 = b.longitude else { return false }
        return lat1 != lat2 || lon1 != lon2
    }

    /// `first` with its nil fields taken from `later`.
    static func fill(_ first: RunSample, from later: RunSample) -> RunSample {
        var s = first
        if s.latitude == nil && s.longitude == nil { s.latitude = later.latitude; s.longitude = later.longitude }
        s.elevation = s.elevation ?? later.elevation
        s.heartRate = s.heartRate ?? later.heartRate
        s.cadence = s.cadence ?? later.cadence
        s.tempo = s.tempo ?? later.tempo
        s.distance = s.distance ?? later.distance
        return s
    }

    static func notes(_ r: CleaningReport, worstJump: (metres: Double, seconds: Double)?, activity: Activity?) -> [Note] {
        var notes: [Note] = []
        if activity == nil {
            notes.append(Note("tempo.cleaning.activity_unknown", ["kmh": .number((SpeedLimits.anyReceiver * 3.6).rounded())]))
        }
        if r.repeatedSamples > 0 { notes.append(Note("tempo.cleaning.repeated", ["count": .whole(r.repeatedSamples)])) }
        if r.invalidPositions > 0 { notes.append(Note("tempo.cleaning.invalid_positions", ["count": .whole(r.invalidPositions)])) }
        if r.impossibleJumps > 0, let jump = worstJump {
            // One sentence per activity: "impossible running" and "imposible corriendo" are not the same word moved.
            let limit = activity?.rawValue ?? "any_receiver"
            var values: [String: Note.Value] = [
                "count": .whole(r.impossibleJumps), "metres": .number(jump.metres.rounded()), "seconds": .number(jump.seconds.rounded()),
            ]
            if jump.seconds > 0 {
                values["kmh"] = .number((jump.metres / jump.seconds * 3.6).rounded())
                notes.append(Note("tempo.cleaning.jump.\(limit)", values))
            } else {
                notes.append(Note("tempo.cleaning.jump_no_time.\(limit)", values))
            }
        }
        if r.heartRatesRemoved > 0 { notes.append(Note("tempo.cleaning.heart_rates", ["count": .whole(r.heartRatesRemoved)])) }
        if r.cadencesRemoved > 0 { notes.append(Note("tempo.cleaning.cadences", ["count": .whole(r.cadencesRemoved)])) }
        return notes
    }
}
