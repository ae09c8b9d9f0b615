import CadenceCore

/// The names and addresses a server certificate is made for: this host's name, `name.local`, `localhost`, and
/// every address it serves on.
public struct ServedNames: Sendable, Equatable, CustomStringConvertible {
    public var dnsNames: [String]
    /// Addresses as text (`192.168.1.20`, `fd00::5`).
    public var addresses: [String]

    public init(dnsNames: [String], addresses: [String]) {
        var seen = Set<String>()
        self.dnsNames = dnsNames.map { $0.lowercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
        self.addresses = addresses.compactMap { IPAddressText.bytes($0).flatMap(IPAddressText.text) }.filter { seen.insert($0).inserted }
    }

    /// For a host called `hostname` with these interface addresses: the name, `hostname.local` (what mDNS answers
    /// for), `localhost`, and the addresses that are private (a public address needs a public name and a real CA).
    public static func forHost(_ hostname: String, addresses: [String]) -> ServedNames {
        let short = hostname.split(separator: ".").first.map(String.init) ?? hostname
        let names = [short, "\(short).local", "localhost"].filter(LocalAuthority.isAllowedName)
        let addresses = addresses.filter { address in LocalAuthority.permittedRanges.contains { $0.contains(address) } }
        return ServedNames(dnsNames: names, addresses: addresses)
    }

    /// Whether a certificate made for `self` also serves everything in `other`.
    public func covers(_ other: ServedNames) -> Bool {
        Set(other.dnsNames).isSubset(of: dnsNames) && Set(other.addresses).isSubset(of: addresses)
    }

    public var description: String { (dnsNames + addresses).joined(separator: ", ") }
}
