import Foundation
import Testing
@testable import Tempo

@Suite("Elements matched by namespace URI, never by prefix", .timeLimit(.minutes(5)))
struct NamespaceTests {
    private func point(_ ext: String) -> String {
        "<trkpt lat=\"48\" lon=\"11\"><time>2024-05-01T08:00:00Z</time><extensions>\(ext)</extensions></trkpt>"
    }

    private func doc(root: String = "<gpx version=\"1.1\" creator=\"x\" xmlns=\"http://www.topografix.com/GPX/1/1\"", decls: String, _ ext: String, close: String = "</gpx>", trk: String = "trk", seg: String = "trkseg") -> Data {
        TS.data("\(root) \(decls)><\(trk)><type>cycling</type><\(seg)>\(point(ext))</\(seg)></\(trk)>\(close)")
    }

    @Test(arguments: ["gpxtpx", "ns3", "tpx", "x"])
    func tpxV1AnyPrefix(prefix: String) throws {
        let d = doc(decls: "xmlns:\(prefix)=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"",
                    "<\(prefix):TrackPointExtension><\(prefix):hr>150</\(prefix):hr><\(prefix):cad>90</\(prefix):cad></\(prefix):TrackPointExtension>")
        let s = try GPXReader.read(d).samples[0]
        #expect(s.heartRate == 150 && s.cadence == 90)
    }

    @Test func tpxV2DefaultNamespaceOnExtension() throws {
        let d = doc(decls: "", "<TrackPointExtension xmlns=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\"><hr>151</hr><cad>91</cad><speed>3.2</speed><course>12</course></TrackPointExtension>")
        let s = try GPXReader.read(d).samples[0]
        #expect(s.heartRate == 151 && s.cadence == 91)
    }

    @Test func cluetrustGpxdata() throws {
        let d = doc(decls: "xmlns:gpxdata=\"http://www.cluetrust.com/XML/GPXDATA/1/0\"", "<gpxdata:hr>152</gpxdata:hr><gpxdata:cadence>92</gpxdata:cadence><gpxdata:temp>20</gpxdata:temp>")
        let s = try GPXReader.read(d).samples[0]
        #expect(s.heartRate == 152 && s.cadence == 92)
    }

    @Test func sameLocalNameInAnotherNamespaceIsIgnored() throws {
        let d = doc(decls: "xmlns:gpxtpx=\"http://example.com/not-garmin\"", "<gpxtpx:TrackPointExtension><gpxtpx:hr>150</gpxtpx:hr></gpxtpx:TrackPointExtension><power>300</power>")
        let s = try GPXReader.read(d).samples[0]
        #expect(s.heartRate == nil && s.cadence == nil)
    }

    @Test func prefixedGpxRoot() throws {
        let d = doc(root: "<g:gpx version=\"1.1\" creator=\"x\" xmlns:g=\"http://www.topografix.com/GPX/1/1\"",
                    decls: "xmlns:t=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"",
                    "<t:TrackPointExtension><t:hr>140</t:hr></t:TrackPointExtension>", close: "</g:gpx>")
        // Children unprefixed here are in no namespace; tolerated like namespace-less GPX.
        #expect(try GPXReader.read(d).samples[0].heartRate == 140)
    }

    @Test func gpx10AndNoNamespace() throws {
        let v10 = """
        <gpx version="1.0" creator="old" xmlns="http://www.topografix.com/GPX/1/0"><name>Old run</name><time>2024-05-01T07:59:00Z</time>
        <trk><name>Trk</name><type>Running</type><trkseg><trkpt lat="1" lon="2"><ele>5</ele><time>2024-05-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>
        """
        let r = try GPXReader.read(TS.data(v10))
        #expect(r.samples.count == 1 && r.activity == .running && r.name == "Trk" && r.creator == "old")
        let bare = "<gpx creator=\"StravaGPX iPhone\"><trk><type>9</type><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T08:00:00Z</time></trkpt></trkseg></trk></gpx>"
        let b = try GPXReader.read(TS.data(bare))
        #expect(b.activity == .running && b.samples[0].latitude == 1)
    }

    @Test func tcxAnyPrefixForTPX() throws {
        let d = """
        <tc:TrainingCenterDatabase xmlns:tc="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><tc:Activities><tc:Activity Sport="Running">
        <tc:Id>2024-05-01T08:00:00Z</tc:Id><tc:Lap StartTime="2024-05-01T08:00:00Z"><tc:Track><tc:Trackpoint><tc:Time>2024-05-01T08:00:00Z</tc:Time>
        <tc:Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Speed>3</Speed><RunCadence>86</RunCadence></TPX></tc:Extensions>
        </tc:Trackpoint></tc:Track></tc:Lap></tc:Activity></tc:Activities></tc:TrainingCenterDatabase>
        """
        let r = try TCXReader.read(TS.data(d))
        #expect(r.samples[0].cadence == 172)
        #expect(r.samples[0].latitude == nil)
    }
}
