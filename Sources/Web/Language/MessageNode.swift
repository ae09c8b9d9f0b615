import CadenceCore
import Mustache

/// The catalogue as templates see it: `{{t.account.password.heading}}` walks the key one name at a time and ends
/// at the message. Templates never hold words of their own.
struct MessageNode: MustacheParent, CustomStringConvertible {
    let messages: Messages
    let prefix: String

    func child(named name: String) -> Any? {
        let key = prefix.isEmpty ? name : prefix + "." + name
        if messages.has(key) { return messages(key) }
        return MessageNode(messages: messages, prefix: key)
    }

    /// A key with no message renders as itself, marked, so it shows on the page and in tests.
    var description: String { "⟦?\(prefix)⟧" }
}
