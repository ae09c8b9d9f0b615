/// Text put inside HTML or SVG that Cadence writes itself: `& < > "` as entities, so a name or a message shows as
/// typed and cannot close an element or an attribute.
public enum MarkupText {
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
