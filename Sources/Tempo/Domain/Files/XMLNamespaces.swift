import Foundation

/// Namespace URIs the readers and writers match on (never prefixes: Garmin Connect writes
/// `ns3:`, Strava `gpxtpx:`, others a default namespace, all for the same elements).
public enum XMLNamespaces {
    public static let gpx10 = "http://www.topografix.com/GPX/1/0"
    public static let gpx11 = "http://www.topografix.com/GPX/1/1"
    public static let trackPointExtensionV1 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    public static let trackPointExtensionV2 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    public static let cluetrustGPXData = "http://www.cluetrust.com/XML/GPXDATA/1/0"
    public static let tcx2 = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    public static let activityExtensionV2 = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"
    public static let xsi = "http://www.w3.org/2001/XMLSchema-instance"

    /// GPX elements: 1.0, 1.1, or no namespace at all (some hand-made and app exports omit
    /// `xmlns`; refusing them would help nobody).
    static func isGPX(_ ns: String) -> Bool { ns == gpx11 || ns == gpx10 || ns.isEmpty }
    /// TCX elements: v2, or no namespace.
    static func isTCX(_ ns: String) -> Bool { ns == tcx2 || ns.isEmpty }
}
