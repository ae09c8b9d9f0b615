import CadenceCore
import Foundation
import Spots

public enum SpotsStoreError: Error, Equatable {
    /// The id is taken by another account's reminder.
    case notYours
    /// The list is not one of the account's.
    case noSuchList
    /// A conditional write (If-Match, If-None-Match) found the resource changed since.
    case preconditionFailed
    /// The UID is another resource's (RFC 4791 no-uid-conflict).
    case uidInUse(resource: String)
    /// A list with that address exists already.
    case listExists
}
