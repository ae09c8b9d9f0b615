import CadenceCore
import Foundation
import Geo

/// Where a device is relative to a fence, as last decided.
public enum FencePosition: String, Codable, Sendable {
    case unknown, inside, outside
}
