import Foundation

/// One populated place of the offline gazetteer (GeoNames `cities*.txt`).
public struct GazetteerPlace: Equatable, Sendable, Codable {
    public let id: Int
    public let name: String
    public let asciiName: String
    public let alternateNames: [String]
    public let countryCode: String
    public let countryName: String
    public let coordinate: Coordinate
    public let population: Int

    public init(
        id: Int, name: String, asciiName: String, alternateNames: [String] = [],
        countryCode: String, countryName: String, coordinate: Coordinate, population: Int
    ) {
        self.id = id
        self.name = name
        self.asciiName = asciiName
        self.alternateNames = alternateNames
        self.countryCode = countryCode
        self.countryName = countryName
        self.coordinate = coordinate
        self.population = population
    }

    /// What a result list shows: "London, United Kingdom".
    public var label: String { countryName.isEmpty ? name : "\(name), \(countryName)" }
}

/// Finds places by name (R2): prefix matches first, then small typos; each group
/// ranked by population.
///
/// Matching works on normalised keys (lower case, diacritics removed, ß → ss,
/// ø → o …, punctuation → one space): every place is findable by its name, its ASCII
/// name and its alternate names.
///
/// Ranking: (class, population descending, name) with classes
/// 0 exact key, 1 key prefix, 2 one edit away, 3 two edits away.
/// Typos: a query of ≥ 4 characters may be 1 edit (≥ 8 characters: 2 edits) away from
/// a prefix of a key; an edit is an insertion, deletion, substitution or transposition
/// of neighbours (optimal string alignment distance).
///
/// Index: all keys in one sorted array (flat character storage). Prefix queries are a
/// binary search plus a scan with a bounded top-k by population. Typo queries walk
/// the sorted array as an implicit trie (children found by binary search), carrying
/// one edit-distance row per level and pruning any branch whose row minimum exceeds
/// the allowed distance — exact, no candidate is missed, and no extra index is built.
public struct Gazetteer: Sendable {
    public let places: [GazetteerPlace]
    // Sorted entries; entry e's key is chars[start[e] ..< start[e] + length[e]].
    private let chars: [UInt32]
    private let start: [Int32]
    private let length: [Int32]
    private let entryPlace: [Int32]
    private let entryPopulation: [Int]

    public init(_ places: [GazetteerPlace]) {
        self.places = places
        var keyed: [(key: [UInt32], place: Int32)] = []
        keyed.reserveCapacity(places.count * 3)
        for (i, place) in places.enumerated() {
            var seen = Set<[UInt32]>()
            for name in [place.name, place.asciiName] + place.alternateNames {
                let key = GazetteerText.normalise(name)
                if !key.isEmpty, seen.insert(key).inserted { keyed.append((key, Int32(i))) }
            }
        }
        keyed.sort { a, b in
            a.key == b.key ? a.place < b.place : a.key.lexicographicallyPrecedes(b.key)
        }
        var chars: [UInt32] = [], start: [Int32] = [], length: [Int32] = []
        var entryPlace: [Int32] = [], entryPopulation: [Int] = []
        chars.reserveCapacity(keyed.reduce(0) { $0 + $1.key.count })
        for (key, place) in keyed {
            start.append(Int32(chars.count))
            length.append(Int32(key.count))
            chars.append(contentsOf: key)
            entryPlace.append(place)
            entryPopulation.append(places[Int(place)].population)
        }
        self.chars = chars
        self.start = start
        self.length = length
        self.entryPlace = entryPlace
        self.entryPopulation = entryPopulation
    }

    public var count: Int { places.count }

    /// Places matching `query`, best first. An empty (or punctuation-only) query finds nothing.
    public func search(_ query: String, limit: Int = 10) -> [GazetteerPlace] {
        searchRanked(query, limit: limit).map { places[$0.place] }
    }

    /// `search` with each result's match class (0 exact, 1 prefix, 2 one edit, 3 two edits).
    public func searchRanked(_ query: String, limit: Int = 10) -> [(place: Int, matchClass: Int)] {
        let q = GazetteerText.normalise(query)
        guard !q.isEmpty, limit > 0, !start.isEmpty else { return [] }
        var best: [Int32: Int] = [:]   // place → best class

        // Exact and prefix: one contiguous range of the sorted keys.
        let lo = lowerBound(q)
        var e = lo
        while e < start.count, length[e] == q.count, hasPrefix(e, q) {
            best[entryPlace[e]] = 0
            e += 1
        }
        var top = TopK(capacity: limit)
        while e < start.count, hasPrefix(e, q) {
            let place = entryPlace[e]
            if best[place] == nil { top.offer(place: place, population: entryPopulation[e]) }
            e += 1
        }
        for place in top.places where best[place] == nil { best[place] = 1 }

        // Typos, only while the exact and prefix matches leave room.
        if best.count < limit, q.count >= 4 {
            let maxEdits = q.count >= 8 ? 2 : 1
            var ranges: [(lo: Int, hi: Int, d: Int)] = []
            typoRanges(q, maxEdits: maxEdits, into: &ranges)
            for d in 1...maxEdits {
                var topD = TopK(capacity: limit)
                for r in ranges where r.d == d {
                    for e in r.lo..<r.hi where best[entryPlace[e]] == nil {
                        topD.offer(place: entryPlace[e], population: entryPopulation[e])
                    }
                }
                for place in topD.places where best[place] == nil { best[place] = 1 + d }
            }
        }

        return best.map { (place: Int($0.key), matchClass: $0.value) }
            .sorted { a, b in
                if a.matchClass != b.matchClass { return a.matchClass < b.matchClass }
                let pa = places[a.place], pb = places[b.place]
                if pa.population != pb.population { return pa.population > pb.population }
                if pa.name != pb.name { return pa.name < pb.name }
                return pa.id < pb.id
            }
            .prefix(limit)
            .map { $0 }
    }

    // MARK: - Sorted-key primitives

    @inline(__always) private func char(_ e: Int, _ d: Int) -> UInt32 { chars[Int(start[e]) + d] }

    private func hasPrefix(_ e: Int, _ q: [UInt32]) -> Bool {
        guard Int(length[e]) >= q.count else { return false }
        let s = Int(start[e])
        for i in 0..<q.count where chars[s + i] != q[i] { return false }
        return true
    }

    /// First entry whose key is ≥ q.
    private func lowerBound(_ q: [UInt32]) -> Int {
        var lo = 0, hi = start.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyPrecedes(mid, q) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func keyPrecedes(_ e: Int, _ q: [UInt32]) -> Bool {
        let s = Int(start[e]), n = Int(length[e])
        for i in 0..<min(n, q.count) {
            let c = chars[s + i]
            if c != q[i] { return c < q[i] }
        }
        return n < q.count
    }

    /// Ranges of entries whose key has a prefix within `maxEdits` of `q`, with that distance.
    private func typoRanges(_ q: [UInt32], maxEdits: Int, into ranges: inout [(lo: Int, hi: Int, d: Int)]) {
        let L = q.count
        var rows: [[Int]] = [Array(0...L)]     // rows[j] = distances for the node at depth j
        var path: [UInt32] = []

        func visit(lo: Int, hi: Int, depth j: Int) {
            // Children of the node (prefix of length j) spanning entries lo..<hi.
            var i = lo
            while i < hi, length[i] == j { i += 1 }
            while i < hi {
                let c = char(i, j)
                var a = i + 1, b = hi      // first entry in (i, hi) whose char j > c
                while a < b {
                    let mid = (a + b) / 2
                    if char(mid, j) <= c { a = mid + 1 } else { b = mid }
                }
                let end = a
                // Row for prefix + c.
                let prev = rows[j]
                var row = [Int](repeating: 0, count: L + 1)
                row[0] = j + 1
                var rowMin = row[0]
                for k in 1...L {
                    var v = min(row[k - 1] + 1, prev[k] + 1, prev[k - 1] + (q[k - 1] == c ? 0 : 1))
                    if k > 1, j > 0, q[k - 1] == path[j - 1], q[k - 2] == c {
                        v = min(v, rows[j - 1][k - 2] + 1)
                    }
                    row[k] = v
                    rowMin = min(rowMin, v)
                }
                if rowMin <= maxEdits {
                    let here = row[L]
                    if here <= maxEdits, here > 0 { ranges.append((i, end, here)) }
                    // Descend while a deeper prefix could still be closer.
                    if here > rowMin || here > maxEdits {
                        rows.append(row); path.append(c)
                        visit(lo: i, hi: end, depth: j + 1)
                        rows.removeLast(); path.removeLast()
                    }
                }
                i = end
            }
        }
        visit(lo: 0, hi: start.count, depth: 0)
    }

    /// The `capacity` most populous distinct places offered.
    private struct TopK {
        let capacity: Int
        private(set) var places: [Int32] = []
        private var populations: [Int] = []

        init(capacity: Int) { self.capacity = capacity }

        mutating func offer(place: Int32, population: Int) {
            if places.count == capacity, population <= populations[capacity - 1] { return }
            if places.contains(place) { return }
            var at = populations.count
            while at > 0, populations[at - 1] < population { at -= 1 }
            places.insert(place, at: at)
            populations.insert(population, at: at)
            if places.count > capacity { places.removeLast(); populations.removeLast() }
        }
    }
}

/// Name normalisation shared by the gazetteer's index and its queries.
enum GazetteerText {
    /// Lower case, no diacritics, letters and digits only, runs of anything else → one space.
    static func normalise(_ text: String) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func emit(_ v: UInt32) {
            if pendingSpace, !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            out.append(v)
        }
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            let p = scalar.properties
            if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark { continue }
            if let special = foldings[scalar.value] {
                for v in special.unicodeScalars { emit(v.value) }
            } else if p.isAlphabetic || p.numericType != nil {
                emit(scalar.value)
            } else {
                pendingSpace = true
            }
        }
        return out
    }

    /// Letters that are not base letter + combining mark in Unicode.
    static let foldings: [UInt32: String] = [
        0xDF: "ss", 0xE6: "ae", 0x153: "oe", 0xF8: "o", 0x111: "d", 0x142: "l", 0xFE: "th",
        0x131: "i", 0xF0: "d", 0x127: "h", 0x2BC: "", 0x2019: "", 0x27: "",   // apostrophes vanish: "L'Aquila" ~ "laquila"
    ]
}

extension Gazetteer {
    /// Parses GeoNames `cities500/1000/5000/15000.txt` (tab-separated, one place a line:
    /// id, name, asciiname, alternatenames, latitude, longitude, feature class, feature
    /// code, country code, cc2, admin1–4, population, …). Malformed lines are skipped.
    /// - Parameter countryNames: ISO code → name (see `parseGeoNamesCountryInfo`); the
    ///   code is shown when a name is missing.
    public static func parseGeoNamesCities(_ text: String, countryNames: [String: String] = [:]) -> [GazetteerPlace] {
        var result: [GazetteerPlace] = []
        text.enumerateLines { line, _ in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 15, let id = Int(f[0]), let lat = Double(f[4]), let lon = Double(f[5]),
                  let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { return }
            let code = String(f[8])
            let alternates = f[3].split(separator: ",").map(String.init)
            result.append(GazetteerPlace(
                id: id, name: String(f[1]), asciiName: String(f[2]), alternateNames: alternates,
                countryCode: code, countryName: countryNames[code] ?? code,
                coordinate: coordinate, population: Int(f[14]) ?? 0))
        }
        return result
    }

    /// Parses GeoNames `countryInfo.txt` into ISO code → country name (comment lines skipped).
    public static func parseGeoNamesCountryInfo(_ text: String) -> [String: String] {
        var names: [String: String] = [:]
        text.enumerateLines { line, _ in
            guard !line.hasPrefix("#") else { return }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            if f.count > 4, f[0].count == 2 { names[String(f[0])] = String(f[4]) }
        }
        return names
    }
}
