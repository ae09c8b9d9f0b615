/// The most bytes an installation's media may take (`--media-quota`): an upload past it is refused whole.
public struct MediaQuota: Sendable, Equatable {
    public let bytes: Int64

    public init(bytes: Int64) {
        self.bytes = bytes
    }

    func check(used: Int64, adding: Int64) throws {
        guard used + adding > bytes else { return }
        throw MediaStoreFull("The media store is full: \(used >> 20) MB of its \(bytes >> 20) MB quota are used and this file needs \(max(1, adding >> 20)) MB more.")
    }
}
