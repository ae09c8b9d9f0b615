import CadenceCore
import Crypto
import Foundation
import SwiftASN1
import X509

/// Cadence's own certificate authority, for a home or church network without a domain: a P-256 root whose name
/// constraints (RFC 5280 §4.2.1.10) let it vouch only for private addresses, `.local` names and this host's own
/// name — so a phone that trusts it trusts nothing else through it — and the server certificates it issues.
/// Pure: keys and certificates in, keys and certificates out; `LocalAuthorityFiles` keeps them on disk.
public enum LocalAuthority {
    /// What the root may vouch for besides the host's names: private networks (RFC 1918, unique local IPv6),
    /// link-local IPv6, and loopback (the host itself, for the browser on the same machine).
    public static let permittedRanges: [IPAddressRange] = [
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "fc00::/7", "fe80::/10", "::1/128",
    ].compactMap(IPAddressRange.init)
    /// `local` covers every `*.local` name (RFC 5280: a DNS constraint includes its subdomains).
    public static let permittedDomains = ["local", "localhost"]
    /// Apple platforms refuse server certificates valid for longer from a user-trusted root.
    public static let maximumServerValidity: TimeInterval = 825 * 86400
    /// A server certificate lasts this long, and is renewed when less than `renewalMargin` is left.
    public static let serverValidity: TimeInterval = 397 * 86400
    public static let renewalMargin: TimeInterval = 30 * 86400
    public static let authorityValidity: TimeInterval = 10 * 365 * 86400

    /// A host name the root can be constrained to: letters, digits and hyphens in dot-separated labels.
    public static func isAllowedName(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return !name.isEmpty && name.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.count) && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                && label.first != "-" && label.last != "-"
        }
    }

    /// A new root for `hostname`: constrained to the private ranges, `.local`, `localhost` and `hostname` itself.
    public static func makeAuthority(hostname: String, now: Date) throws -> IssuedCertificate {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("Cadence")
            CommonName("Cadence on \(hostname) (local CA)")
        }
        let short = hostname.split(separator: ".").first.map(String.init) ?? hostname
        let domains = permittedDomains + (isAllowedName(short) && short != "localhost" ? [short.lowercased()] : [])
        let ranges = permittedRanges.map { ASN1OctetString(contentBytes: ArraySlice($0.network + $0.mask)) }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + authorityValidity,
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Critical(NameConstraints(permittedDNSDomains: domains, permittedIPRanges: ranges))
                SubjectKeyIdentifier(hash: .init(key.publicKey))
            },
            issuerPrivateKey: .init(key))
        return IssuedCertificate(certificate: certificate, key: key)
    }

    /// A server certificate for `names`, signed by `authority`: serverAuth only, every name and address in its
    /// subject alternative names, valid for `validity` from an hour before `now` (clocks on phones drift).
    public static func issueServerCertificate(
        for names: ServedNames, by authority: IssuedCertificate, now: Date, validity: TimeInterval = serverValidity
    ) throws -> IssuedCertificate {
        guard !names.dnsNames.isEmpty || !names.addresses.isEmpty else { throw LocalAuthorityError.noNames }
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName {
            OrganizationName("Cadence")
            CommonName(names.dnsNames.first ?? names.addresses[0])
        }
        let alternatives = names.dnsNames.map { GeneralName.dnsName($0) }
            + names.addresses.compactMap(IPAddressText.bytes).map { GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice($0))) }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now - 3600 + min(validity, maximumServerValidity),
            issuer: authority.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(alternatives)
                SubjectKeyIdentifier(hash: .init(key.publicKey))
                if let authorityKey = try authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier {
                    AuthorityKeyIdentifier(keyIdentifier: authorityKey)
                }
            },
            issuerPrivateKey: .init(authority.key))
        return IssuedCertificate(certificate: certificate, key: key)
    }

    /// Why `certificate` should be replaced for serving `names` at `now`, or nil while it is good.
    public static func renewalReason(_ certificate: Certificate, serving names: ServedNames, now: Date) -> RenewalReason? {
        if certificate.notValidAfter.timeIntervalSince(now) < renewalMargin { return .expiring }
        guard let held = try? ServedNames(certificate: certificate), held.covers(names) else { return .namesChanged }
        return nil
    }

    public enum RenewalReason: String, Sendable { case expiring, namesChanged }
}

public enum LocalAuthorityError: Error, CustomStringConvertible {
    case noNames
    case unreadable(String)

    public var description: String {
        switch self {
        case .noNames: return "a server certificate needs at least one name or address"
        case .unreadable(let what): return what
        }
    }
}

/// A certificate and its private key.
public struct IssuedCertificate: Sendable {
    public let certificate: Certificate
    public let key: P256.Signing.PrivateKey

    public init(certificate: Certificate, key: P256.Signing.PrivateKey) {
        self.certificate = certificate
        self.key = key
    }

    /// Reads a PEM certificate and its PEM (PKCS#8 or SEC1) P-256 key.
    public init(certificatePEM: String, keyPEM: String) throws {
        certificate = try Certificate(pemEncoded: certificatePEM)
        key = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
            throw LocalAuthorityError.unreadable("the key does not belong to the certificate")
        }
    }

    public var certificatePEM: String { get throws { try certificate.serializeAsPEM().pemString } }
    public var keyPEM: String { key.pemRepresentation }
    public var der: [UInt8] { get throws { try certificate.serializeAsPEM().derBytes } }
}

extension ServedNames {
    /// The names and addresses in a certificate's subject alternative names.
    public init(certificate: Certificate) throws {
        var names: [String] = []
        var addresses: [String] = []
        for name in try certificate.extensions.subjectAlternativeNames.map(Array.init) ?? [] {
            switch name {
            case .dnsName(let dns): names.append(dns)
            case .ipAddress(let bytes): if let text = IPAddressText.text(Array(bytes.bytes)) { addresses.append(text) }
            default: break
            }
        }
        self.init(dnsNames: names, addresses: addresses)
    }
}

extension Certificate {
    /// The SHA-256 of the certificate's DER, as the colon-separated hex browsers and `openssl x509 -fingerprint` show.
    public var sha256Fingerprint: String {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(self)
            return SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
        }
    }
}
