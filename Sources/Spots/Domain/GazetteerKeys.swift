/// Sorted keys; entry e's key is chars[start[e] ..< start[e] + length[e]].
struct GazetteerKeys: Sendable {
    let chars: [UInt32]
    let start: [Int32]
    let length: [Int32]
    let place: [Int32]

    /// Keys of `keyed` sorted (ties by place), flattened.
    init(_ keyed: [(key: [UInt32], place: Int32)]) {
        let order = keyed.indices.sorted { a, b in
            let x = keyed[a], y = keyed[b]
            return x.key == y.key ? x.place < y.place : x.key.lexicographicallyPrecedes(y.key)
        }
        var chars: [UInt32] = [], start: [Int32] = [], length: [Int32] = [], place: [Int32] = []
        chars.reserveCapacity(keyed.reduce(0) { $0 + $1.key.count })
        start.reserveCapacity(order.count); length.reserveCapacity(order.count); place.reserveCapacity(order.count)
        for i in order {
            start.append(Int32(chars.count))
            length.append(Int32(keyed[i].key.count))
            chars.append(contentsOf: keyed[i].key)
            place.append(keyed[i].place)
        }
        (self.chars, self.start, self.length, self.place) = (chars, start, length, place)
    }

    var count: Int { start.count }

    @inline(__always) func char(_ e: Int, _ d: Int) -> UInt32 { chars[Int(start[e]) + d] }

    /// Entries whose key equals `q` (`exact`) and whose key starts with `q` (`prefix`, which
    /// contains `exact` at its start: equal keys sort first).
    func ranges(_ q: [UInt32]) -> (exact: Range<Int>, prefix: Range<Int>) {
        let lo = firstEntry { compare($0, q, prefixOnly: false) >= 0 }
        let exactEnd = firstEntry(from: lo) { compare($0, q, prefixOnly: false) > 0 }
        let hi = firstEntry(from: exactEnd) { compare($0, q, prefixOnly: true) > 0 }
        return (lo..<exactEnd, lo..<hi)
    }

    /// Compares entry e's key (cut to q.count characters if `prefixOnly`) with q: -1, 0, 1.
    private func compare(_ e: Int, _ q: [UInt32], prefixOnly: Bool) -> Int {
        let s = Int(start[e]), n = Int(length[e])
        for i in 0..<min(n, q.count) {
            let c = chars[s + i]
            if c != q[i] { return c < q[i] ? -1 : 1 }
        }
        if n == q.count || (prefixOnly && n > q.count) { return 0 }
        return n < q.count ? -1 : 1
    }

    /// First entry in from..<count satisfying a predicate that is monotone over the sorted keys.
    private func firstEntry(from: Int = 0, _ satisfied: (Int) -> Bool) -> Int {
        var lo = from, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if satisfied(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
