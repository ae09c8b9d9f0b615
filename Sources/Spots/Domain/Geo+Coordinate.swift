import Geo

/// The shared `Geo` functions on Spots' validated coordinates.
extension Geo {
    /// Great-circle distance in metres.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        haversine(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }

    /// The point reached by going `distance` metres from `from` along the initial bearing (degrees clockwise
    /// from north).
    public static func destination(from: Coordinate, bearingDegrees: Double, distance: Double) -> Coordinate {
        let to = destination(latitude: from.latitude, longitude: from.longitude, bearingDegrees: bearingDegrees,
                             distance: distance)
        return Coordinate(unchecked: to.latitude, to.longitude)
    }
}
