/// Whether an IP address is one a host on the internet has: not this machine, a private or link-local network, a
/// carrier's shared space, a documentation or benchmarking range, multicast or reserved. A push subscription names
/// a host; what that name resolves to is checked against this at connection time (the spelling alone lets
/// `0x7f.1`, `127.0.0.1.nip.io` or `metadata.google.internal` reach the operator's own network).
public enum InternetAddress {
    /// `bytes` is an IPv4 (4 bytes) or IPv6 (16 bytes) address in network order.
    public static func isPublic(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return isPublicV4(bytes)
        case 16: return isPublicV6(bytes)
        default: return false
        }
    }

    private static func isPublicV4(_ b: [UInt8]) -> Bool {
        let (a, second) = (b[0], b[1])
        switch a {
        case 0, 10, 127: return false                               // "this network", private, loopback
        case 100 where (64...127).contains(second): return false    // carrier-grade NAT (RFC 6598)
        case 169 where second == 254: return false                  // link-local, cloud metadata services
        case 172 where (16...31).contains(second): return false     // private
        case 192 where second == 168: return false                  // private
        case 192 where second == 0 && (b[2] == 0 || b[2] == 2): return false  // IETF protocol assignments, TEST-NET-1
        case 198 where second == 18 || second == 19: return false   // benchmarking (RFC 2544)
        case 198 where second == 51 && b[2] == 100: return false    // TEST-NET-2
        case 203 where second == 0 && b[2] == 113: return false     // TEST-NET-3
        case 224...255: return false                                // multicast, reserved, broadcast
        default: return true
        }
    }

    private static func isPublicV6(_ b: [UInt8]) -> Bool {
        let zeros = b[0..<10].allSatisfy { $0 == 0 }
        if zeros && b[10] == 0xFF && b[11] == 0xFF { return isPublicV4(Array(b[12...])) }         // IPv4-mapped
        if b[0..<12].allSatisfy({ $0 == 0 }) { return false }                                    // ::, ::1, IPv4-compatible
        if b[0...3] == [0x00, 0x64, 0xFF, 0x9B] { return isPublicV4(Array(b[12...])) }            // NAT64 (64:ff9b::/96)
        if b[0] == 0x20 && b[1] == 0x02 { return isPublicV4(Array(b[2...5])) }                   // 6to4 (2002::/16)
        if b[0] == 0xFF { return false }                                                         // multicast
        if b[0] & 0xFE == 0xFC { return false }                                                  // unique local (fc00::/7)
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return false }                                  // link-local (fe80::/10)
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return false }                                  // site-local (fec0::/10)
        if b[0...3] == [0x20, 0x01, 0x0D, 0xB8] { return false }                                 // documentation
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0 { return false }               // Teredo
        if b[0] == 0x01 && b[1...7].allSatisfy({ $0 == 0 }) { return false }                     // discard (100::/64)
        return b[0] & 0xE0 == 0x20                                                               // global unicast 2000::/3
    }
}
