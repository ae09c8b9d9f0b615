import Foundation

public enum LiveJSON {
    /// A JSON string literal for `text`.
    public static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// A JSON object from simple values, for event data the server writes itself.
    public static func object(_ fields: [String: Any]) -> String {
        guard JSONSerialization.isValidJSONObject(fields),
              let data = try? JSONSerialization.data(withJSONObject: fields)
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
