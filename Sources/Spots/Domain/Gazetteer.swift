import Foundation

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
/// Index (see GazetteerIndex.swift): all keys in one sorted array; every place has a rank
/// (its position in population-descending order), and a segment tree over the keys gives
/// the best-ranked key of any range. A class is then one or more key ranges (exact and
/// prefix: a binary search; typos: a pruned trie walk), and its best places are pulled in
/// rank order until the limit is filled — never a scan of a whole range, so short prefixes
/// like "san" (tens of thousands of keys) cost as little as long ones. Results are exact:
/// the same as ranking every matching place.
public struct Gazetteer: Sendable {
    public let places: [GazetteerPlace]
    private let keys: GazetteerKeys
    private let placeRank: [Int32]   // 0 = most populous (ties: name, then id)
    private let best: RangeBest
    private let top: TopTrie

    public init(_ places: [GazetteerPlace]) {
        self.places = places
        var keyed: [(key: [UInt32], place: Int32)] = []
        keyed.reserveCapacity(places.count * 3)
        for (i, place) in places.enumerated() {
            var seen: [[UInt32]] = []   // a place's own keys: few, so a linear check beats a Set
            for name in [place.name, place.asciiName] + place.alternateNames {
                let key = GazetteerText.normalise(name)
                if !key.isEmpty, !seen.contains(key) { seen.append(key); keyed.append((key, Int32(i))) }
            }
        }
        keys = GazetteerKeys(keyed)
        let order = places.indices.sorted { a, b in Self.ranksBefore(places[a], places[b]) }
        var placeRank = [Int32](repeating: 0, count: places.count)
        for (rank, i) in order.enumerated() { placeRank[i] = Int32(rank) }
        self.placeRank = placeRank
        best = RangeBest(rank: keys.place.map { placeRank[Int($0)] })
        top = TopTrie(keys)
    }

    /// Order within a match class.
    private static func ranksBefore(_ a: GazetteerPlace, _ b: GazetteerPlace) -> Bool {
        if a.population != b.population { return a.population > b.population }
        if a.name != b.name { return a.name < b.name }
        return a.id < b.id
    }

    public var count: Int { places.count }

    /// Places matching `query`, best first. An empty (or punctuation-only) query finds nothing.
    public func search(_ query: String, limit: Int = 10) -> [GazetteerPlace] {
        searchRanked(query, limit: limit).map { places[$0.place] }
    }

    /// `search` with each result's match class (0 exact, 1 prefix, 2 one edit, 3 two edits).
    public func searchRanked(_ query: String, limit: Int = 10) -> [(place: Int, matchClass: Int)] {
        let q = GazetteerText.normalise(query)
        guard !q.isEmpty, limit > 0, keys.count > 0 else { return [] }
        // Classes are filled best first; a place keeps the first (best) class it is found in.
        // A class is consulted only while the better ones leave room, so whenever it is, every
        // place of the better classes has already been chosen.
        var chosen: [Int32: Int] = [:]
        func fill(_ matchClass: Int, from ranges: some Sequence<Range<Int>>) {
            var pull = BestPlaces(ranges, index: best)
            while chosen.count < limit, let e = pull.next() {
                let place = keys.place[e]
                if chosen[place] == nil { chosen[place] = matchClass }
            }
        }
        let (exact, prefix) = keys.ranges(q)
        fill(0, from: [exact])
        fill(1, from: [exact.upperBound..<prefix.upperBound])

        // Typos, only while the exact and prefix matches leave room.
        if chosen.count < limit, q.count >= 4 {
            let maxEdits = q.count >= 8 ? 2 : 1
            var walk = TypoWalk(keys: keys, top: top, query: q, maxEdits: maxEdits)
            walk.run()
            for d in 1...maxEdits where chosen.count < limit {
                fill(1 + d, from: walk.ranges.lazy.filter { $0.edits == d }.map(\.range))
            }
        }

        return chosen.map { (place: Int($0.key), matchClass: $0.value) }
            .sorted { a, b in
                a.matchClass != b.matchClass ? a.matchClass < b.matchClass : placeRank[a.place] < placeRank[b.place]
            }
    }
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
