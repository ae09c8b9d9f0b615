import Foundation

/// The one JSON shape of `manifest.json`: ISO-8601 dates and sorted keys, so the same manifest always
/// produces the same bytes and other tools can read it.
enum ManifestCoding {
    static func encode(_ manifest: PackageManifest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do { return try encoder.encode(manifest) } catch {
            throw PackageError.invalidInput("the manifest cannot be encoded")
        }
    }

    /// Checks `format` and `version` first, so a newer package says "update Cadence" rather than
    /// "damaged" even when its other fields changed shape.
    static func decode(_ data: Data) throws -> PackageManifest {
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data),
              header.format == PackageManifest.formatName else {
            throw PackageError.notACadencePackage
        }
        guard let version = header.version else { throw PackageError.malformedManifest("it has no version") }
        guard version == PackageManifest.currentVersion else { throw PackageError.unsupportedVersion(version) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(PackageManifest.self, from: data) } catch {
            throw PackageError.malformedManifest("a required field is missing or has the wrong type")
        }
    }
}
