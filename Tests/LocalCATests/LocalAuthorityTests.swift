import CadenceCore
import Crypto
import Foundation
import LocalCA
import Testing
import X509

@Suite(.timeLimit(.minutes(5)))
struct LocalAuthorityTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let names = ServedNames(dnsNames: ["stage-pc", "stage-pc.local", "localhost"], addresses: ["192.168.1.20", "fd00::20", "127.0.0.1"])

    func verifies(_ leaf: Certificate, root: Certificate, host: String?, ip: String?) async -> Bool {
        var verifier = Verifier(rootCertificates: CertificateStore([root])) {
            RFC5280Policy(fixedValidationTime: now)
            ServerIdentityPolicy(serverHostname: host, serverIP: ip)
        }
        if case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore()) { return true }
        return false
    }

    @Test func aServerCertificateVerifiesForEveryNameAndAddressItServes() async throws {
        let root = try LocalAuthority.makeAuthority(hostname: "stage-pc", now: now)
        let server = try LocalAuthority.issueServerCertificate(for: names, by: root, now: now)
        for name in names.dnsNames { #expect(await verifies(server.certificate, root: root.certificate, host: name, ip: nil), "\(name)") }
        for address in names.addresses {
            #expect(await verifies(server.certificate, root: root.certificate, host: nil, ip: address), "\(address)")
        }
        #expect(!(await verifies(server.certificate, root: root.certificate, host: "other-pc.local", ip: nil)))
    }

    @Test func theRootCannotVouchForANameOutsideItsConstraints() async throws {
        let root = try LocalAuthority.makeAuthority(hostname: "stage-pc", now: now)
        // Signed with the root's own key, as a stolen key would be used: the name constraints still refuse it.
        for outside in [ServedNames(dnsNames: ["bank.example.com"], addresses: []), ServedNames(dnsNames: [], addresses: ["8.8.8.8"]),
                        ServedNames(dnsNames: ["stage-pc.evil.com"], addresses: [])] {
            let forged = try LocalAuthority.issueServerCertificate(for: outside, by: root, now: now)
            #expect(!(await verifies(forged.certificate, root: root.certificate, host: outside.dnsNames.first, ip: outside.addresses.first)),
                    "\(outside)")
        }
    }

    @Test func theRootIsAConstrainedCAAndTheServerCertificateIsForServersOnly() throws {
        let root = try LocalAuthority.makeAuthority(hostname: "stage-pc", now: now).certificate
        #expect(try root.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        let constraints = try #require(try root.extensions.nameConstraints)
        #expect(Set(constraints.permittedDNSDomains) == ["local", "localhost", "stage-pc"])
        #expect(constraints.permittedIPRanges.count == LocalAuthority.permittedRanges.count)
        #expect(root.extensions.first { $0.oid == .X509ExtensionID.nameConstraints }?.critical == true)

        let server = try LocalAuthority.issueServerCertificate(
            for: names, by: LocalAuthority.makeAuthority(hostname: "stage-pc", now: now), now: now, validity: 5000 * 86400).certificate
        #expect(try server.extensions.extendedKeyUsage == ExtendedKeyUsage([.serverAuth]))
        #expect(try server.extensions.basicConstraints == .notCertificateAuthority)
        #expect(server.notValidAfter.timeIntervalSince(server.notValidBefore) <= 825 * 86400, "Apple refuses longer from a user root")
        #expect(server.notValidBefore < now, "a phone whose clock is a little behind still accepts it")
    }

    @Test func renewalIsDueWhenItNearsExpiryOrANewAddressIsServed() throws {
        let root = try LocalAuthority.makeAuthority(hostname: "stage-pc", now: now)
        let server = try LocalAuthority.issueServerCertificate(for: names, by: root, now: now).certificate
        #expect(LocalAuthority.renewalReason(server, serving: names, now: now) == nil)
        #expect(LocalAuthority.renewalReason(server, serving: names, now: now + 370 * 86400) == .expiring)
        var moved = names
        moved.addresses.append("10.0.0.5")
        #expect(LocalAuthority.renewalReason(server, serving: moved, now: now) == .namesChanged)
        let fewer = ServedNames(dnsNames: ["localhost"], addresses: ["127.0.0.1"])
        #expect(LocalAuthority.renewalReason(server, serving: fewer, now: now) == nil, "a name no longer served does no harm")
    }

    @Test func theHostsNamesAreItsShortNameDotLocalAndLocalhostAndOnlyPrivateAddresses() {
        let served = ServedNames.forHost("Stage-PC.fritz.box", addresses: ["192.168.178.23", "203.0.113.7", "fe80::1%eth0", "::1", "2001:db8::1"])
        #expect(served.dnsNames == ["stage-pc", "stage-pc.local", "localhost"])
        #expect(served.addresses == ["192.168.178.23", "fe80::1", "::1"])
    }

    @Test func keysAndCertificatesComeBackFromPEMAndAForeignKeyIsRefused() throws {
        let root = try LocalAuthority.makeAuthority(hostname: "stage-pc", now: now)
        let read = try IssuedCertificate(certificatePEM: root.certificatePEM, keyPEM: root.keyPEM)
        #expect(read.certificate == root.certificate)
        #expect(throws: LocalAuthorityError.self) {
            try IssuedCertificate(certificatePEM: root.certificatePEM, keyPEM: P256.Signing.PrivateKey().pemRepresentation)
        }
        #expect(try root.certificate.sha256Fingerprint.split(separator: ":").count == 32)
    }
}
