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
