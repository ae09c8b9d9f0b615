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
