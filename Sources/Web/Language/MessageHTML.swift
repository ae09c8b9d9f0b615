import CadenceCore

/// A message with markup, as HTML for a `{{{ }}}` slot. Catalogues never hold tags: a message marks its markup with
/// `{link}`…`{/link}` (a link to `href`), `{strong}`…`{/strong}` and `{code}`…`{/code}`, so a translator moves
/// words, not HTML. The message is escaped first and its markers and values go in in one pass that never rereads
/// what it put in: a value holding `{link}` or `<b>` shows as that text. `html` values are markup the caller made
/// (escaped by it with `MarkupText.escape`).
public enum MessageHTML {
    public static func say(_ messages: Messages, _ key: String, href: String = "", _ arguments: [String: String] = [:],
                           html: [String: String] = [:]) -> String {
        var slots = arguments.mapValues(MarkupText.escape).merging(html) { _, markup in markup }
        for (marker, tag) in [("link", "<a href=\"\(MarkupText.escape(href))\">"), ("/link", "</a>"), ("strong", "<strong>"),
                              ("/strong", "</strong>"), ("code", "<code>"), ("/code", "</code>")] {
            slots[marker] = tag
        }
        return MessageTemplate.fill(MarkupText.escape(messages(key)), slots)
    }
}
