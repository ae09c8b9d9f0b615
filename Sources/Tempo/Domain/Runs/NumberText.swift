/// Numbers for sentences people read, written the same way on every machine: no locale
/// (a server's locale must not change a report), a comma between thousands.
enum NumberText {
    /// A whole number with thousands grouped: 3060 → "3,060".
    static func whole(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        let n = Int(value.rounded())
        let digits = String(abs(n))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
