import Foundation

/// "Natural" file name order as people expect it: digit runs compare by value, so "slide2.png"
/// comes before "slide10.png"; letters compare case-insensitively.
enum NaturalOrder {
    static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let result = compare(lhs, rhs)
        // Tie-break on the exact string so the order is total and stable across runs.
        return result == .orderedSame ? lhs < rhs : result == .orderedAscending
    }

    static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let a = Array(lhs.lowercased().unicodeScalars)
        let b = Array(rhs.lowercased().unicodeScalars)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let startA = i, startB = j
                while i < a.count && isDigit(a[i]) { i += 1 }
                while j < b.count && isDigit(b[j]) { j += 1 }
                // Compare digit runs by value without converting (runs may exceed Int).
                let runA = a[startA..<i].drop { $0 == "0" }
                let runB = b[startB..<j].drop { $0 == "0" }
                if runA.count != runB.count { return runA.count < runB.count ? .orderedAscending : .orderedDescending }
                for (x, y) in zip(runA, runB) where x != y {
                    return x.value < y.value ? .orderedAscending : .orderedDescending
                }
                // Same value: fewer leading zeros first ("1" before "01") keeps it deterministic.
                if (i - startA) != (j - startB) { return (i - startA) < (j - startB) ? .orderedAscending : .orderedDescending }
            } else {
                if a[i] != b[j] { return a[i].value < b[j].value ? .orderedAscending : .orderedDescending }
                i += 1
                j += 1
            }
        }
        if i < a.count { return .orderedDescending }
        if j < b.count { return .orderedAscending }
        return .orderedSame
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
}
