/// An edit made from a version that is no longer the current one (`If-Match` with a stale `ETag`): another device
/// saved first, and saving this one would silently undo that change. The client reads again and reapplies its edit.
public struct ChangedSinceRead: Error, Equatable, Sendable {
    /// What changed, in English, for the message ("reminder", "talk").
    public let what: String

    public init(_ what: String) {
        self.what = what
    }
}
