/// A block of IP addresses, written `10.0.0.0/8`, `fd00::/8` or a single address. Used for the proxies whose
/// forwarding headers are believed (`--trusted-proxy`) and for the names Cadence's own certificate authority may
/// vouch for.
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the block, in network order (4 or 16 bytes).
    public let network: [UInt8]
    public let prefixLength: Int

    /// `text` is an address, or an address and a prefix length after a slash. nil for anything else, and for a
    /// prefix longer than the address.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddressText.bytes(String(parts[0])) else { return nil }
        let length: Int
        if parts.count == 2 {
            guard let written = Int(parts[1]), (0...address.count * 8).contains(written), parts[1].allSatisfy(\.isASCII)
            else { return nil }
            length = written
        } else {
            length = address.count * 8
        }
        self.init(network: address, prefixLength: length)
    }

    public init(network: [UInt8], prefixLength: Int) {
        self.prefixLength = prefixLength
        self.network = zip(network, Self.mask(bytes: network.count, prefixLength: prefixLength)).map { $0 & $1 }
    }

    /// The prefix as a mask, one byte per address byte (what X.509 name constraints encode after the address).
    public var mask: [UInt8] { Self.mask(bytes: network.count, prefixLength: prefixLength) }

    /// Whether `address` (4 or 16 bytes) is in the block. An IPv4-mapped IPv6 address is compared as IPv4, as a
    /// dual-stack socket reports IPv4 clients that way.
    public func contains(_ address: [UInt8]) -> Bool {
        var address = address
        if address.count == 16, network.count == 4, address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF {
            address = Array(address[12...])
        }
        guard address.count == network.count else { return false }
        return zip(zip(address, mask), network).allSatisfy { pair, network in pair.0 & pair.1 == network }
    }

    public func contains(_ address: String) -> Bool {
        IPAddressText.bytes(address).map(contains) ?? false
    }

    public var description: String { "\(IPAddressText.text(network) ?? "?")/\(prefixLength)" }

    private static func mask(bytes: Int, prefixLength: Int) -> [UInt8] {
        (0..<bytes).map { index in
            let bits = min(max(prefixLength - index * 8, 0), 8)
            return bits == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
        }
    }
}
