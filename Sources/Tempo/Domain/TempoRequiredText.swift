import CadenceCore

/// `RequiredText.check` with its three refusals under Tempo's catalogue keys: `<prefix>_required` (the `whenEmpty`
/// message), `<prefix>_nul` and `<prefix>_too_long` (`{max}`). The English text is RequiredText's, unchanged.
public enum TempoRequiredText {
    public static func check(
        _ raw: String, field: String, maximumLength: Int, whenEmpty: String, noun: String, keys prefix: String
    ) throws(ValidationError) -> String {
        do {
            return try RequiredText.check(raw, field: field, maximumLength: maximumLength, whenEmpty: whenEmpty, noun: noun)
        } catch {
            guard error.localized == nil else { throw error }
            let (key, arguments): (String, [String: String]) =
                error.message == whenEmpty ? (prefix + "_required", [:])
                : error.message.contains("U+0000") ? (prefix + "_nul", [:])
                : (prefix + "_too_long", ["max": String(maximumLength)])
            throw ValidationError(field: error.field, error.message, key: key, arguments)
        }
    }
}
