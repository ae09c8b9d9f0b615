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
