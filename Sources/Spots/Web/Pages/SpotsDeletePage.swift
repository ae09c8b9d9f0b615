import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// `/phone/spots/{id}/delete`: the confirmation.
struct SpotsDeletePage: Sendable {
    let id: String
    let reminderTitle: String
    let isComplete: Bool
}
