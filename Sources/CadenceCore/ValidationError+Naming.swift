extension ValidationError {
    /// The same refusal about another field (a place's `radius` is the form's `place.radius`), its catalogue message
    /// kept whole (a message nested in it too).
    public func naming(_ field: String) -> ValidationError {
        ValidationError(field: field, message, localized: localized)
    }
}
