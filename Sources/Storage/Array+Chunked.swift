extension Array {
    /// Slices of at most `size`: long id lists go to the database in pieces, under both engines' limits on binds.
    public func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
