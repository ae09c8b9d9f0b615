import CadenceCore
import Foundation
import Testing

/// Where a push may connect: the addresses a push subscription's host resolves to must all be on the internet.
@Suite(.timeLimit(.minutes(5))) struct InternetAddressTests {
    static func v4(_ text: String) -> [UInt8] { text.split(separator: ".").map { UInt8($0)! } }

    static func v6(_ text: String) -> [UInt8] {
        var address = in6_addr()
        precondition(inet_pton(AF_INET6, text, &address) == 1, text)
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    @Test(arguments: [
        ("127.0.0.1", false), ("127.255.1.2", false), ("0.0.0.0", false), ("10.1.2.3", false), ("172.16.0.1", false),
        ("172.31.255.255", false), ("192.168.1.1", false), ("169.254.169.254", false), ("100.64.0.1", false),
        ("100.127.255.254", false), ("192.0.2.10", false), ("198.51.100.1", false), ("203.0.113.9", false),
        ("198.18.0.1", false), ("224.0.0.1", false), ("255.255.255.255", false), ("240.0.0.1", false), ("192.0.0.8", false),
        ("8.8.8.8", true), ("142.250.185.74", true), ("172.32.0.1", true), ("100.128.0.1", true), ("192.169.0.1", true),
        ("172.15.255.255", true), ("17.253.144.10", true),
    ])
    func ipv4(_ text: String, _ isPublic: Bool) {
        #expect(InternetAddress.isPublic(Self.v4(text)) == isPublic, "\(text)")
    }

    @Test(arguments: [
        ("::1", false), ("::", false), ("::ffff:127.0.0.1", false), ("::ffff:10.0.0.1", false), ("fe80::1", false),
        ("fd00:ec2::254", false), ("fc00::1", false), ("ff02::1", false), ("2001:db8::1", false), ("64:ff9b::7f00:1", false),
        ("2002:7f00:1::1", false), ("2001::1", false), ("fec0::1", false), ("100::1", false),
        ("2a00:1450:4001:82b::200a", true), ("2606:4700::6810:84e5", true), ("::ffff:8.8.8.8", true), ("64:ff9b::808:808", true),
    ])
    func ipv6(_ text: String, _ isPublic: Bool) {
        #expect(InternetAddress.isPublic(Self.v6(text)) == isPublic, "\(text)")
    }

    @Test func anythingElseIsNot() {
        #expect(!InternetAddress.isPublic([]) && !InternetAddress.isPublic([1, 2, 3]))
    }
}
