import Foundation
import Testing
@testable import Tempo

@Suite("Bad input gives typed errors with clear messages", .timeLimit(.minutes(5)))
struct ErrorTests {
    private func error(_ s: String) -> RunFormatError? {
        do { _ = try RunFileImporter.read(TS.data(s)); return nil } catch { return error as? RunFormatError }
    }

    @Test func notXML() {
        #expect(error("{\"json\": true}") == .notXML)
        #expect(error("") == .notXML)
        #expect(RunFormatError.notXML.description.contains("not XML"))
    }

    @Test func malformedXMLNamesTheLine() throws {
        let doc = TS.gpx([TS.gpxPoint(1), "<trkpt lat=\"48\" lon=\"11\"><time>2024-05-01T08:00:00Z</tim></trkpt>"])
        let e = try #require(error(doc))
        guard case let .malformedXML(line, _) = e else { Issue.record("got \(e)"); return }
        #expect(line == 6)
        #expect(e.description.hasPrefix("line 6: malformed XML"))
    }

    @Test func unsupportedRoot() {
        let e = error("<?xml version=\"1.0\"?><kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>")
        #expect(e == .unsupportedRoot(name: "kml", namespace: "http://www.opengis.net/kml/2.2"))
        #expect(e?.description == "Not a GPX or TCX file: the root element is <kml> in namespace http://www.opengis.net/kml/2.2.")
        // Right local name, wrong namespace: still not GPX.
        #expect(error("<gpx xmlns=\"http://example.com/other\"><trk/></gpx>") == .unsupportedRoot(name: "gpx", namespace: "http://example.com/other"))
    }

    @Test func routesOrWaypointsOnlyIsNoTrack() throws {
        let doc = """
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="1" lon="2"/><rte><rtept lat="1" lon="2"/></rte></gpx>
        """
        let e = try #require(error(doc))
        guard case .noTrack = e else { Issue.record("got \(e)"); return }
        #expect(e.description == "No track in the file: the file has only 1 route(s) and 1 waypoint(s), not a recorded track.")
        #expect(error("<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"/>")
                == .noTrack(detail: .noElement("Activity")))
        #expect(RunFormatError.noTrack(detail: .noElement("Activity")).description == "No track in the file: the file has no <Activity> element.")
    }

    @Test func noTrackpoints() {
        #expect(error(TS.gpx([])) == .noTrackpoints)
        #expect(error(TS.tcx([])) == .noTrackpoints)
    }

    @Test func gpxLatLonMissingOrNotNumbersNameTheLine() {
        let missing = error(TS.gpx(["<trkpt lat=\"48\"><time>2024-05-01T08:00:00Z</time></trkpt>"]))
        #expect(missing == .badCoordinate(line: 5, detail: .missingAttribute("trkpt", "lon")))
        #expect(missing?.description == "line 5: trkpt has no lon attribute")
        let nan = error(TS.gpx([TS.gpxPoint(1), "<trkpt lat=\"abc\" lon=\"11\"><time>2024-05-01T08:00:00Z</time></trkpt>"]))
        #expect(nan?.description == "line 6: trkpt lat=\"abc\" is not a number")
        let range = error(TS.gpx(["<trkpt lat=\"91\" lon=\"11\"><time>2024-05-01T08:00:00Z</time></trkpt>"]))
        #expect(range?.description == "line 5: trkpt lat=\"91\" is out of range")
    }

    @Test func tcxBrokenPosition() {
        let doc = TS.tcx(["<Trackpoint><Time>2024-05-01T08:00:00Z</Time><Position><LatitudeDegrees>x</LatitudeDegrees><LongitudeDegrees>1</LongitudeDegrees></Position></Trackpoint>"])
        #expect(error(doc)?.description == "line 8: LatitudeDegrees \"x\" is not a number")
        let half = TS.tcx(["<Trackpoint><Time>2024-05-01T08:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees></Position></Trackpoint>"])
        #expect(error(half)?.description == "line 8: Position has no LongitudeDegrees")
    }

    @Test func badTimeNamesTheLine() {
        let e = error(TS.gpx([TS.gpxPoint(1), "<trkpt lat=\"48\" lon=\"11\"><time>yesterday</time></trkpt>"]))
        #expect(e == .badTime(line: 6, text: "yesterday"))
        #expect(e?.description == "line 6: bad time \"yesterday\" (expected ISO 8601, like 2024-05-01T07:30:00Z)")
        #expect(error(TS.tcx(["<Trackpoint><Time>2024-13-01T00:00:00Z</Time></Trackpoint>"])) == .badTime(line: 8, text: "2024-13-01T00:00:00Z"))
    }

    @Test func noPointWithATime() {
        let e = error(TS.gpx(["<trkpt lat=\"48\" lon=\"11\"><ele>3</ele></trkpt>", "<trkpt lat=\"48\" lon=\"11.1\"/>"]))
        #expect(e == .noTimes(points: 2))
        #expect(e?.description.hasPrefix("None of the file's 2 trackpoints has a time") == true)
        #expect(error(TS.tcx(["<Trackpoint><DistanceMeters>3</DistanceMeters></Trackpoint>"])) == .noTimes(points: 1))
    }

    @Test func doctypeRefused() {
        let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>&b;</name></trk></gpx>
        """
        #expect(error(bomb) == .doctypeRefused)
        let xxe = """
        <?xml version="1.0"?>
        <!-- comment first -->
        <!DOCTYPE TrainingCenterDatabase [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>&xxe;</Id></Activity></Activities></TrainingCenterDatabase>
        """
        #expect(error(xxe) == .doctypeRefused)
        #expect(RunFormatError.doctypeRefused.description.contains("DOCTYPE"))
        // Directly through a reader too, not only via the importer.
        #expect(throws: RunFormatError.doctypeRefused) { try GPXReader.read(TS.data(bomb)) }
    }

    @Test func sizeCap() {
        // calloc'd zero pages: cheap; only the first 64 KB are looked at before refusing.
        let big = Data(count: RunFormatLimits.maxBytes + 1)
        #expect(throws: RunFormatError.tooLarge(bytes: RunFormatLimits.maxBytes + 1, limit: RunFormatLimits.maxBytes)) {
            try GPXReader.read(big)
        }
        #expect(RunFormatLimits.maxBytes == 200 * 1024 * 1024)
        #expect(RunFormatLimits.maxPoints == 2_000_000)
        #expect(RunFormatError.tooManyPoints(limit: 2_000_000).description == "The file has more than 2000000 trackpoints.")
    }

    @Test func detect() {
        #expect(RunFileFormat.detect(TS.data(TS.gpx([]))) == .gpx)
        #expect(RunFileFormat.detect(TS.data(TS.tcx([]))) == .tcx)
        #expect(RunFileFormat.detect(TS.data("\u{FEFF}<!-- hi --><g:gpx xmlns:g=\"http://www.topografix.com/GPX/1/1\"/>")) == .gpx)
        #expect(RunFileFormat.detect(TS.data("<kml/>")) == .unknown)
        #expect(RunFileFormat.detect(TS.data("hello")) == .unknown)
    }
}
