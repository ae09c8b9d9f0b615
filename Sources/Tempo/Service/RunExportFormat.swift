import CadenceCore
import Crypto
import Foundation
import Tempo

/// The two file formats runs travel in.
public enum RunExportFormat: String {
    case gpx, tcx

    public var contentType: String {
        switch self {
        case .gpx: "application/gpx+xml"
        case .tcx: "application/vnd.garmin.tcx+xml"
        }
    }
}
