/// Best-ranked entry (lowest rank) of any range of entries: an iterative segment tree.
struct RangeBest: Sendable {
    private let rank: [Int32]   // per entry
    private let tree: [Int32]   // tree[n + e] = e; tree[i] = better of tree[2i], tree[2i + 1]
    private let n: Int

    init(rank: [Int32]) {
        n = rank.count
        var tree = [Int32](repeating: 0, count: 2 * max(n, 1))
        for e in 0..<n { tree[n + e] = Int32(e) }
        var i = n - 1
        while i >= 1 {
            let a = tree[2 * i], b = tree[2 * i + 1]
            tree[i] = rank[Int(a)] <= rank[Int(b)] ? a : b
            i -= 1
        }
        self.rank = rank
        self.tree = tree
    }

    @inline(__always) func rank(ofEntry e: Int) -> Int32 { rank[e] }

    /// The entry of lowest rank in `range` (non-empty).
    func best(in range: Range<Int>) -> Int {
        var lo = range.lowerBound + n, hi = range.upperBound + n
        var best = Int32(range.lowerBound)
        while lo < hi {
            if lo & 1 == 1 { best = better(best, tree[lo]); lo += 1 }
            if hi & 1 == 1 { hi -= 1; best = better(best, tree[hi]) }
            lo >>= 1; hi >>= 1
        }
        return Int(best)
    }

    @inline(__always) private func better(_ a: Int32, _ b: Int32) -> Int32 { rank[Int(a)] <= rank[Int(b)] ? a : b }
}
