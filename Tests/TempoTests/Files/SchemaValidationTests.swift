import Foundation
import Testing
@testable import Tempo

/// Validates exports against the real XSDs in xsd/ with `xmllint --schema` (apt: libxml2-utils).
/// Skipped, with a message, where xmllint isn't installed.
@Suite("Exports validate against the XSDs", .timeLimit(.minutes(5)))
struct SchemaValidationTests {
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let xsdDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("xsd")

    private func validate(_ data: Data, schema: URL) throws -> (Int32, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("runformats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("export.xml")
        try data.write(to: file)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.xmllint!)
        p.arguments = ["--noout", "--nonet", "--schema", schema.path, file.path]
        let pipe = Pipe()
        p.standardError = pipe; p.standardOutput = pipe
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self))
    }

    /// gpx.xsd's extensions are lax: a wrapper schema imports TrackPointExtensionv1.xsd too so
    /// `gpxtpx:` elements are validated strictly.
    private func gpxWrapper() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gpx-with-tpx-\(UUID().uuidString).xsd")
        let xsd = """
        <?xml version="1.0"?>
        <xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
          <xsd:import namespace="http://www.topografix.com/GPX/1/1" schemaLocation="\(Self.xsdDir.appendingPathComponent("gpx.xsd").path)"/>
          <xsd:import namespace="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" schemaLocation="\(Self.xsdDir.appendingPathComponent("TrackPointExtensionv1.xsd").path)"/>
        </xsd:schema>
        """
        try Data(xsd.utf8).write(to: url)
        return url
    }

    @Test(arguments: [Activity.running, .walking, .cycling])
    func gpxExport(activity: Activity) throws {
        guard Self.xmllint != nil else { print("SKIP: xmllint not installed (apt-get install libxml2-utils)"); return }
        var samples = TS.run(count: 50)
        samples[3].time += 125
        samples[4].heartRate = 0  // must be left out (BeatsPerMinute_t ≥ 1)
        let data = try GPXWriter.write(name: "Run <&> \"x\"", activity: activity, samples: samples).data
        let wrapper = try gpxWrapper()
        defer { try? FileManager.default.removeItem(at: wrapper) }
        let (status, output) = try validate(data, schema: wrapper)
        #expect(status == 0, "\(output)")
    }

    @Test(arguments: [(Activity.running, true), (.walking, false), (.cycling, true), (nil, true)])
    func tcxExport(activity: Activity?, positions: Bool) throws {
        guard Self.xmllint != nil else { print("SKIP: xmllint not installed (apt-get install libxml2-utils)"); return }
        let samples = TS.run(count: 50, positions: positions, cadence: activity == .cycling ? 90 : 170)
        let data = try TCXWriter.write(name: "Tempo & tunes", activity: activity, samples: samples, totalDistanceMeters: 150, calories: 12)
        let (status, output) = try validate(data, schema: Self.xsdDir.appendingPathComponent("TrainingCenterDatabasev2.xsd"))
        #expect(status == 0, "\(output)")
    }

    @Test func schemaCatchesAnInvalidFile() throws {
        guard Self.xmllint != nil else { print("SKIP: xmllint not installed"); return }
        // Guard against a vacuous pass: a lap without its required children must fail.
        let bad = TS.data(TS.tcx([TS.tcxPoint(0)]).replacingOccurrences(of: "<Intensity>Active</Intensity>", with: ""))
        let (status, _) = try validate(bad, schema: Self.xsdDir.appendingPathComponent("TrainingCenterDatabasev2.xsd"))
        #expect(status != 0)
    }
}
