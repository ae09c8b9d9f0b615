/// The search structures behind `Gazetteer`; each type has one job:
///
/// - `GazetteerKeys`: all normalised keys, sorted, in flat storage; prefix ranges by binary search.
/// - `RangeBest`: a segment tree over the sorted keys giving the best-ranked entry of any range,
///   so the top k places of a range of 50,000 keys cost O(k log n) instead of a scan.
/// - `BestPlaces`: pulls places in rank order out of several ranges at once (a heap of ranges).
/// - `TypoWalk`: finds the key ranges within 1 or 2 edits of a query (trie walk with an
///   edit-distance row per level), using `TopTrie` for the first levels.
/// - `TopTrie`: an explicit trie of the first six characters of all keys. The first levels are
///   the expensive part of a typo walk (with 2 edits every 2-character prefix is visited), and
///   with children stored contiguously, most of them are skipped by a character test.

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

/// Places in rank order from the union of some entry ranges: a min-heap of sub-ranges, each
/// keyed by its best entry. Each pop yields one entry and splits its range in two.
struct BestPlaces {
    private struct Candidate { let rank: Int32; let entry: Int32; let lo: Int32; let hi: Int32 }
    private var heap: [Candidate] = []
    private let index: RangeBest

    init(_ ranges: some Sequence<Range<Int>>, index: RangeBest) {
        self.index = index
        for r in ranges { push(r) }
    }

    /// The entry of the next best rank, or nil when all ranges are exhausted.
    mutating func next() -> Int? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty { heap[0] = last; siftDown(0) }
        let e = Int(top.entry)
        push(Int(top.lo)..<e)
        push(e + 1..<Int(top.hi))
        return e
    }

    private mutating func push(_ r: Range<Int>) {
        guard !r.isEmpty else { return }
        let e = index.best(in: r)
        heap.append(Candidate(rank: index.rank(ofEntry: e), entry: Int32(e), lo: Int32(r.lowerBound), hi: Int32(r.upperBound)))
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].rank < heap[parent].rank else { break }
            heap.swapAt(i, parent); i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, heap[l].rank < heap[m].rank { m = l }
            if r < heap.count, heap[r].rank < heap[m].rank { m = r }
            if m == i { return }
            heap.swapAt(i, m); i = m
        }
    }
}

/// Explicit trie of the first `depth` characters of the sorted keys. Node 0 is the root;
/// a node's children are the contiguous nodes firstChild ..< firstChild + childCount, in
/// character order, and each node covers the entries lo ..< hi.
struct TopTrie: Sendable {
    static let depth = 6
    let char: [UInt32]
    let firstChild: [Int32]
    let childCount: [Int32]
    let lo: [Int32]
    let hi: [Int32]

    init(_ keys: GazetteerKeys) {
        var char: [UInt32] = [0], firstChild: [Int32] = [0], childCount: [Int32] = [0]
        var lo: [Int32] = [0], hi: [Int32] = [Int32(keys.count)]
        // Breadth first: the children of each node are laid out together.
        var level = [0]
        for d in 0..<Self.depth {
            var next: [Int] = []
            for node in level {
                let end = Int(hi[node])
                var i = Int(lo[node])
                while i < end, keys.length[i] == d { i += 1 }   // keys ending here come first
                firstChild[node] = Int32(char.count)
                while i < end {
                    let c = keys.char(i, d)
                    var j = i + 1
                    while j < end, keys.char(j, d) == c { j += 1 }
                    next.append(char.count)
                    char.append(c); firstChild.append(0); childCount.append(0)
                    lo.append(Int32(i)); hi.append(Int32(j))
                    childCount[node] += 1
                    i = j
                }
            }
            level = next
        }
        (self.char, self.firstChild, self.childCount, self.lo, self.hi) = (char, firstChild, childCount, lo, hi)
    }
}

/// Entry ranges whose keys have a prefix within `maxEdits` (optimal string alignment) of q.
///
/// A depth-first walk over the key trie carrying the edit-distance row of the current prefix
/// against q; a branch is pruned once its row minimum exceeds `maxEdits`. Exact: the same
/// ranges as walking every node. Speed comes from (1) the explicit `TopTrie` for the first
/// levels, (2) one reused row buffer instead of an array per node, (3) computing the row of a
/// child whose character does not occur in q only once per node (it does not depend on the
/// character), which prunes most children of the top levels with a character test.
struct TypoWalk {
    private let keys: GazetteerKeys
    private let top: TopTrie
    private let q: [UInt32]
    private let maxEdits: Int32
    private let width: Int           // q.count + 1
    private var rows: [Int32]        // rows[j * width ..< (j + 1) * width]: row of the depth-j prefix
    private var path: [UInt32]       // path[j]: character at depth j of the current prefix
    private(set) var ranges: [(range: Range<Int>, edits: Int)] = []
    private let qMask: UInt64        // bit (c & 63) set for every character c of q

    init(keys: GazetteerKeys, top: TopTrie, query q: [UInt32], maxEdits: Int) {
        self.keys = keys
        self.top = top
        self.q = q
        self.maxEdits = Int32(maxEdits)
        width = q.count + 1
        // Deeper than q.count + maxEdits every cell exceeds maxEdits, so that is the deepest row.
        let maxDepth = q.count + maxEdits + 2
        rows = [Int32](repeating: 0, count: (maxDepth + 2) * width)
        for k in 0...q.count { rows[k] = Int32(k) }
        path = [UInt32](repeating: 0, count: maxDepth + 2)
        qMask = q.reduce(0) { $0 | (1 << UInt64($1 & 63)) }
    }

    mutating func run() {
        visitTop(node: 0, depth: 0)
    }

    /// A character no key contains (keys hold Unicode scalars) stands for "not in q".
    private static let absent: UInt32 = .max

    @inline(__always) private func mayOccurInQuery(_ c: UInt32) -> Bool {
        qMask & (1 << UInt64(c & 63)) != 0 && q.contains(c)
    }

    /// Writes the row for path[0..<j] + c into row j + 1; returns (row minimum, distance to all of q).
    ///
    /// Only the band of cells |k - (j + 1)| ≤ maxEdits is computed: outside it the distance
    /// exceeds maxEdits anyway. Cells are capped at maxEdits + 1 ("too far"), which keeps every
    /// value ≤ maxEdits exact; the cells just outside the band are set to the cap because the
    /// next row reads them.
    @inline(__always) private mutating func computeRow(depth j: Int, char c: UInt32) -> (min: Int32, here: Int32) {
        let L = q.count, w = width, cap = maxEdits + 1, band = Int(maxEdits)
        let kLo = max(1, j + 1 - band), kHi = min(L, j + 1 + band)
        let previousChar = j > 0 ? path[j - 1] : Self.absent
        return rows.withUnsafeMutableBufferPointer { r in
            q.withUnsafeBufferPointer { q in
                let prev = j * w, cur = (j + 1) * w, prev2 = (j - 1) * w
                r[cur] = min(Int32(j + 1), cap)
                if kLo > 1 { r[cur + kLo - 1] = cap }
                if kHi < L { r[cur + kHi + 1] = cap }
                var rowMin = r[cur]
                if kLo <= kHi {
                    for k in kLo...kHi {
                        var v = min(r[cur + k - 1] + 1, r[prev + k] + 1, r[prev + k - 1] + (q[k - 1] == c ? 0 : 1))
                        if k > 1, j > 0, q[k - 1] == previousChar, q[k - 2] == c { v = min(v, r[prev2 + k - 2] + 1) }
                        v = min(v, cap)
                        r[cur + k] = v
                        rowMin = min(rowMin, v)
                    }
                }
                let here = kLo <= L && L <= kHi ? r[cur + L] : (L == 0 ? r[cur] : cap)
                return (rowMin, here)
            }
        }
    }

    /// Records the child's range if close enough, and says whether to descend into it:
    /// only while a deeper prefix could still be closer.
    @inline(__always) private mutating func record(_ result: (min: Int32, here: Int32), _ range: Range<Int>) -> Bool {
        guard result.min <= maxEdits else { return false }
        if result.here <= maxEdits, result.here > 0 { ranges.append((range, Int(result.here))) }
        return result.here > result.min || result.here > maxEdits
    }

    private mutating func visitTop(node: Int, depth j: Int) {
        let first = Int(top.firstChild[node]), count = Int(top.childCount[node])
        guard j < TopTrie.depth else { return visitKeys(lo: Int(top.lo[node]), hi: Int(top.hi[node]), depth: j) }
        // The row of any character outside q is the same: compute it once, and if it is pruned,
        // so is every child whose character is not in q.
        let generic = computeRow(depth: j, char: Self.absent)
        let genericPruned = generic.min > maxEdits
        for child in first..<first + count {
            let c = top.char[child]
            let inQuery = mayOccurInQuery(c)
            if genericPruned, !inQuery { continue }
            let result = computeRow(depth: j, char: inQuery ? c : Self.absent)
            if record(result, Int(top.lo[child])..<Int(top.hi[child])) {
                path[j] = c
                visitTop(node: child, depth: j + 1)
            }
        }
    }

    /// Below the top trie: the sorted keys as an implicit trie, children found by binary search.
    private mutating func visitKeys(lo: Int, hi: Int, depth j: Int) {
        var i = lo
        while i < hi, keys.length[i] == j { i += 1 }
        guard i < hi else { return }
        let genericPruned = computeRow(depth: j, char: Self.absent).min > maxEdits
        while i < hi {
            let c = keys.char(i, j)
            var a = i + 1, b = hi      // first entry in (i, hi) whose character j is > c
            while a < b {
                let mid = (a + b) / 2
                if keys.char(mid, j) <= c { a = mid + 1 } else { b = mid }
            }
            let end = a
            if genericPruned, !mayOccurInQuery(c) { i = end; continue }
            if record(computeRow(depth: j, char: c), i..<end) {
                path[j] = c
                visitKeys(lo: i, hi: end, depth: j + 1)
            }
            i = end
        }
    }
}
