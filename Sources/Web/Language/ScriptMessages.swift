import CadenceCore
import Foundation

/// The messages page scripts use (keys under `js.`), as JSON for a `<script type="application/json">` element:
/// scripts say nothing of their own, and the page carries them in its language with no second request.
enum ScriptMessages {
    static func json(_ messages: Messages) -> String {
        var values = messages.section("js.")
        values["_lang"] = messages.language.code
        values["_locale"] = messages.language.localeIdentifier.replacingOccurrences(of: "_", with: "-")
        guard let data = try? JSONSerialization.data(withJSONObject: values, options: [.sortedKeys]) else { return "{}" }
        // Inside a script element only "</" could end it early.
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
    }
}
