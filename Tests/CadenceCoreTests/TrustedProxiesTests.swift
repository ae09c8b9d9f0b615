import CadenceCore
import Testing

@Suite(.timeLimit(.minutes(5)))
struct IPAddressRangeTests {
    @Test(arguments: [
        ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("172.16.0.0/12", "172.31.255.255", true), ("172.16.0.0/12", "172.32.0.1", false),
        ("192.168.1.7", "192.168.1.7", true), ("192.168.1.7", "192.168.1.8", false),
        ("fc00::/7", "fd12:3456::1", true), ("fc00::/7", "fe80::1", false),
        ("fe80::/10", "fe80::1%eth0", true), ("0.0.0.0/0", "8.8.8.8", true),
        // A dual-stack socket reports an IPv4 client as IPv4-mapped IPv6.
        ("127.0.0.0/8", "::ffff:127.0.0.1", true), ("::1", "127.0.0.1", false),
    ])
    func containsWhatItsPrefixCovers(range: String, address: String, expected: Bool) throws {
        let block = try #require(IPAddressRange(range))
        #expect(block.contains(address) == expected)
    }

    @Test(arguments: ["", "10.0.0.0/33", "fd00::/129", "10.0.0/8", "example.org", "10.0.0.0/-1", "10.0.0.0/8/8", "10.0.0.0/ 8"])
    func refusesWhatIsNotARange(text: String) {
        #expect(IPAddressRange(text) == nil)
    }

    @Test func keepsOnlyTheNetworkBitsAndAMaskForNameConstraints() throws {
        let block = try #require(IPAddressRange("192.168.77.9/16"))
        #expect(block.network == [192, 168, 0, 0])
        #expect(block.mask == [255, 255, 0, 0])
        #expect(block.description == "192.168.0.0/16")
        #expect(try #require(IPAddressRange("fe80::/10")).mask.prefix(3) == [0xFF, 0xC0, 0])
    }
}

@Suite(.timeLimit(.minutes(5)))
struct TrustedProxiesTests {
    let proxy = TrustedProxies([IPAddressRange("10.0.0.2")!, IPAddressRange("fd00::/8")!])

    @Test func aForgedHeaderFromAnUntrustedClientChangesNothing() {
        let client = proxy.client(peer: "203.0.113.9", connectionIsSecure: false,
                                  forwarded: ["for=198.51.100.1;proto=https"], forwardedFor: ["198.51.100.2"], forwardedProto: ["https"])
        #expect(client == ForwardedClient(address: "203.0.113.9", isSecure: false))
    }

    @Test func theTrustedProxysXForwardedHeadersNameTheClientAndScheme() {
        let client = proxy.client(peer: "10.0.0.2", connectionIsSecure: false, forwardedFor: ["192.168.1.20"], forwardedProto: ["https"])
        #expect(client == ForwardedClient(address: "192.168.1.20", isSecure: true))
    }

    @Test func aClientCannotPrependItsWayPastTheProxy() {
        // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
        let client = proxy.client(peer: "10.0.0.2", connectionIsSecure: false, forwardedFor: ["1.2.3.4, 198.51.100.7"])
        #expect(client.address == "198.51.100.7")
    }

    @Test func trustedHopsAreWalkedBackToTheFirstUntrustedOne() {
        let client = proxy.client(peer: "fd00::5", connectionIsSecure: false, forwardedFor: ["198.51.100.7", "10.0.0.2"])
        #expect(client.address == "198.51.100.7")
    }

    @Test func forwardedIsParsedAsRFC7239WritesItWhenTheProxySendsOnlyThat() {
        let client = proxy.client(
            peer: "10.0.0.2", connectionIsSecure: false,
            forwarded: ["for=192.0.2.60;proto=http;by=203.0.113.43", "For=\"[2001:db8:cafe::17]:4711\";Proto=HTTPS"])
        #expect(client == ForwardedClient(address: "2001:db8:cafe::17", isSecure: true))
    }

    @Test func aClientsOwnForwardedHeaderPassedOnBesideTheProxysXForwardedForIsNotBelieved() {
        // What Caddy and nginx send: the client's Forwarded untouched, and their own X-Forwarded-For.
        let client = proxy.client(peer: "10.0.0.2", connectionIsSecure: false,
                                  forwarded: ["for=198.51.100.8;proto=https"], forwardedFor: ["203.0.113.5"], forwardedProto: ["http"])
        #expect(client == ForwardedClient(address: "203.0.113.5", isSecure: false))
    }

    @Test func anUnknownHopEndsTheWalkAtTheProxyThatWroteIt() {
        let client = proxy.client(peer: "10.0.0.2", connectionIsSecure: true, forwarded: ["for=unknown"])
        #expect(client == ForwardedClient(address: "10.0.0.2", isSecure: true))
        let obfuscated = proxy.client(peer: "10.0.0.2", connectionIsSecure: false, forwarded: ["for=_hidden;proto=https"])
        #expect(obfuscated == ForwardedClient(address: "10.0.0.2", isSecure: true))
    }

    @Test func portsAreDroppedAndIPv4MappedAddressesReadAsIPv4() {
        let client = proxy.client(peer: "::ffff:10.0.0.2", connectionIsSecure: false, forwardedFor: ["192.0.2.1:5555"])
        #expect(client.address == "192.0.2.1")
    }

    @Test func noTrustedProxiesMeansThePeerIsTheClient() {
        let client = TrustedProxies.none.client(peer: "10.0.0.2", connectionIsSecure: true, forwardedFor: ["192.0.2.1"], forwardedProto: ["http"])
        #expect(client == ForwardedClient(address: "10.0.0.2", isSecure: true))
    }
}
