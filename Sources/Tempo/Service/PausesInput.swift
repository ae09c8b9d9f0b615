import Foundation

/// `PUT /runs/{id}/pauses`: every pause of a recording run so far, the last without an end while it stands paused.
public struct PausesInput: Decodable {
    public let pauses: [PauseInput]
}
