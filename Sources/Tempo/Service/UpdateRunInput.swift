import CadenceCore
import Foundation
import Tempo

/// `PUT /runs/{id}`: a new name, the activity it was (running, walking, cycling, other), or both.
public struct UpdateRunInput: Decodable {
    public let name: String?
    public let activity: String?
}
