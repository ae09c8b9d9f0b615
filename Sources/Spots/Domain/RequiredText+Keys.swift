import CadenceCore

/// `RequiredText.check` with its three refusals under catalogue keys of Spots' own: `<prefix>.required` (the
/// `whenEmpty` message), `<prefix>.nul` and `<prefix>.too_long` (`{max}`). The English text is RequiredText's, unchanged.
enum KeyedRequiredText {
    static func check(
        _ raw: String, field: String, maximumLength: Int, whenEmpty: String, noun: String, keys prefix: String
    ) throws(ValidationError) -> String {
        do {
            return try RequiredText.check(raw, field: field, maximumLength: maximumLength, whenEmpty: whenEmpty, noun: noun)
        } catch {
            guard error.localized == nil else { throw error }
            let (key, arguments): (String, [String: String]) =
                error.message == whenEmpty ? (prefix + ".required", [:])
                : error.message.contains("U+0000") ? (prefix + ".nul", [:])
                : (prefix + ".too_long", ["max": String(maximumLength)])
            throw ValidationError(field: error.field, error.message, key: key, arguments)
        }
    }
}

extension ValidationError {
    /// The same refusal about another field (a place's `radius` is the form's `place.radius`), its catalogue key kept.
    public func naming(_ field: String) -> ValidationError {
        ValidationError(field: field, message, key: localized?.key, localized?.arguments ?? [:])
    }
}
