import Mustache

/// A view model in two parts: what all of a feature's pages have (its frame: the layout's body class, the live
/// channel, the map's tiles…) and what this page shows. The page's own values win over the frame's.
public struct FramedPage<Frame: Sendable, Content: Sendable>: Sendable, MustacheParent {
    public let frame: Frame
    public let content: Content

    public init(_ frame: Frame, _ content: Content) {
        self.frame = frame
        self.content = content
    }

    public func child(named name: String) -> Any? {
        PageValues.property(name, of: content) ?? PageValues.property(name, of: frame)
    }
}
