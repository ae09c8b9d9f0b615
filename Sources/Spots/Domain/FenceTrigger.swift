import CadenceCore
import Foundation
import Geo

/// Whether a place reminder goes off when the device arrives at the place or leaves it.
public enum FenceTrigger: String, Codable, Sendable, CaseIterable {
    case arrive, leave
}
