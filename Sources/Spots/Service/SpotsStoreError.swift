import CadenceCore
import Foundation
import Spots

public enum SpotsStoreError: Error, Equatable {
    /// The id is taken by another account's reminder.
    case notYours
}
