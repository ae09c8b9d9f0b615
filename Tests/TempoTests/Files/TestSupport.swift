import Foundation
import Testing
@testable import Tempo

enum TS {
    static func data(_ s: String) -> Data { Data(s.utf8) }

    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    /// A GPX document with the given trkpt bodies, TPX v1 bound to `gpxtpx:`.
    static func gpx(type: String? = "running", _ points: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
         <trk><name>T</name>\(type.map { "<type>\($0)</type>" } ?? "")<trkseg>
        \(points.joined(separator: "\n"))
         </trkseg></trk>
        </gpx>
        """
    }

    static func gpxPoint(_ i: Int, cad: Int? = nil, hr: Int? = nil) -> String {
        var ext = ""
        if cad != nil || hr != nil {
            ext = "<extensions><gpxtpx:TrackPointExtension>" + (hr.map { "<gpxtpx:hr>\($0)</gpxtpx:hr>" } ?? "")
                + (cad.map { "<gpxtpx:cad>\($0)</gpxtpx:cad>" } ?? "") + "</gpxtpx:TrackPointExtension></extensions>"
        }
        return "<trkpt lat=\"48.0\" lon=\"11.\(i)\"><time>2024-05-01T08:00:\(String(format: "%02d", i))Z</time>\(ext)</trkpt>"
    }

    /// A TCX document with the given Trackpoint bodies.
    static func tcx(sport: String = "Running", _ points: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
          xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
         <Activities><Activity Sport="\(sport)"><Id>2024-05-01T08:00:00Z</Id>
          <Lap StartTime="2024-05-01T08:00:00Z"><TotalTimeSeconds>10</TotalTimeSeconds><DistanceMeters>30</DistanceMeters>
           <Calories>5</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
           <Track>
        \(points.joined(separator: "\n"))
           </Track></Lap></Activity></Activities>
        </TrainingCenterDatabase>
        """
    }

    static func tcxPoint(_ i: Int, cad: Int? = nil, runCad: Int? = nil, position: Bool = true) -> String {
        var s = "<Trackpoint><Time>2024-05-01T08:00:\(String(format: "%02d", i))Z</Time>"
        if position { s += "<Position><LatitudeDegrees>48.0</LatitudeDegrees><LongitudeDegrees>11.\(i)</LongitudeDegrees></Position>" }
        s += "<DistanceMeters>\(i * 3)</DistanceMeters><HeartRateBpm><Value>\(140 + i)</Value></HeartRateBpm>"
        if let cad { s += "<Cadence>\(cad)</Cadence>" }
        if let runCad { s += "<Extensions><ns3:TPX><ns3:RunCadence>\(runCad)</ns3:RunCadence></ns3:TPX></Extensions>" }
        return s + "</Trackpoint>"
    }

    /// A synthetic 1 Hz run.
    static func run(count: Int, start: Int64 = 1_714_550_400_000, positions: Bool = true, cadence: Double? = 172) -> [RunSample] {
        (0..<count).map { i in
            let t = Double(i)
            return RunSample(time: start + Int64(i) * 1000,
                             latitude: positions ? 48.137 + 0.00003 * t : nil,
                             longitude: positions ? 11.575 + 0.00002 * sin(t / 30) : nil,
                             elevation: 520.25 + sin(t / 60),
                             heartRate: Double(140 + i % 20),
                             cadence: cadence.map { $0 + Double(2 * (i % 3)) },
                             distance: positions ? nil : 2.9 * t)
        }
    }

}
