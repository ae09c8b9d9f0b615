import Foundation

/// Who is really asking when a reverse proxy stands in front of Cadence: the proxies in `ranges` are believed when
/// they say, in `X-Forwarded-For` / `X-Forwarded-Proto` or `Forwarded` (RFC 7239), which client they forward and
/// over which scheme. A connection from anywhere else is its own client, whatever headers it sends, so a forged
/// header changes nothing.
///
/// `X-Forwarded-For` wins when both come: Caddy and nginx write it (appending or replacing what the client sent)
/// but pass a client's own `Forwarded` on untouched, so that one is believed only from a proxy that sends no
/// `X-Forwarded-For` at all (one configured to write `Forwarded` instead).
public struct TrustedProxies: Sendable, Equatable {
    public let ranges: [IPAddressRange]

    public init(_ ranges: [IPAddressRange]) { self.ranges = ranges }

    public static let none = TrustedProxies([])

    public func trusts(_ address: String?) -> Bool {
        guard let address, let bytes = IPAddressText.bytes(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client and scheme behind a request that reached Cadence from `peer`.
    ///
    /// The hops are walked from the nearest one back: each trusted proxy's word is taken for the hop before it,
    /// and the first address that is not a trusted proxy is the client (a client cannot prepend its way past the
    /// proxy, which appends what it saw). A hop written `unknown` or obfuscated ends the walk at the proxy that wrote it.
    /// - Parameters:
    ///   - forwardedFor, forwardedProto: every `X-Forwarded-For` / `X-Forwarded-Proto` value, in order.
    ///   - forwarded: every `Forwarded` header value, used only when no `X-Forwarded-For` came.
    public func client(
        peer: String?, connectionIsSecure: Bool, forwarded: [String] = [], forwardedFor: [String] = [], forwardedProto: [String] = []
    ) -> ForwardedClient {
        var client = ForwardedClient(address: peer, isSecure: connectionIsSecure)
        guard trusts(peer) else { return client }
        let hops: [ForwardedHop]
        let addresses = Self.list(forwardedFor)
        if addresses.isEmpty {
            hops = ForwardedHop.parse(forwarded: forwarded)
        } else {
            let scheme = Self.list(forwardedProto).last.map { $0.lowercased() == "https" }
            hops = addresses.enumerated().map { index, address in
                ForwardedHop(address: ForwardedHop.address(address), isSecure: index == addresses.count - 1 ? scheme : nil)
            }
        }
        for hop in hops.reversed() {
            if let isSecure = hop.isSecure { client.isSecure = isSecure }
            guard let address = hop.address else { break }
            client.address = address
            if !trusts(address) { break }
        }
        return client
    }

    static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The client behind a request: its address and whether it reached the front of the chain over HTTPS.
public struct ForwardedClient: Sendable, Equatable {
    public var address: String?
    public var isSecure: Bool

    public init(address: String?, isSecure: Bool) {
        self.address = address
        self.isSecure = isSecure
    }
}

/// One element of a forwarding chain.
struct ForwardedHop: Equatable {
    /// nil for `unknown`, an obfuscated identifier or anything that is not an address.
    var address: String?
    var isSecure: Bool?

    /// `Forwarded: for=192.0.2.60;proto=https, for="[2001:db8::17]:4711"`: elements split on commas, pairs on
    /// semicolons, values optionally quoted; parameter names are case-insensitive.
    static func parse(forwarded values: [String]) -> [ForwardedHop] {
        TrustedProxies.list(values).map { element in
            var hop = ForwardedHop(address: nil, isSecure: nil)
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                var value = parts[1].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                switch name {
                case "for": hop.address = address(value)
                case "proto": hop.isSecure = value.lowercased() == "https"
                default: break
                }
            }
            return hop
        }
    }

    /// An address as a hop names it, without its port: `192.0.2.60`, `192.0.2.60:4711`, `[2001:db8::17]:4711`, or
    /// a bare IPv6 address (X-Forwarded-For writes those unbracketed).
    static func address(_ text: String) -> String? {
        var candidate = Substring(text)
        if candidate.hasPrefix("["), let close = candidate.firstIndex(of: "]") {
            candidate = candidate[candidate.index(after: candidate.startIndex)..<close]
        } else if candidate.filter({ $0 == ":" }).count == 1, let colon = candidate.firstIndex(of: ":") {
            candidate = candidate[..<colon]
        }
        guard let bytes = IPAddressText.bytes(String(candidate)) else { return nil }
        return IPAddressText.text(bytes)
    }
}
