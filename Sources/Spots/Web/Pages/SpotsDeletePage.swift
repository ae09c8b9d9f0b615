import CadenceCore
import Foundation
import Spots
import SpotsService
import Web

/// `/phone/spots/{id}/delete`: the confirmation.
struct SpotsDeletePage: Sendable {
    let id: String
    let reminderTitle: String
    /// "“Gym” and the record of why it did or didn't fire will be gone for good."
    let warning: String
    let isComplete: Bool
    /// Where "Yes, delete" and "No, keep it" go back to (the list, or the timeline it was asked from).
    let back: String?
}
