extension ValidationError {
    /// The same refusal about another field (a place's `radius` is the form's `place.radius`), its catalogue key kept.
    public func naming(_ field: String) -> ValidationError {
        ValidationError(field: field, message, key: localized?.key, localized?.arguments ?? [:])
    }
}
