import Crypto
import Foundation

/// The root as Apple's configuration profile (`.mobileconfig`, a `com.apple.security.root` payload): what an
/// iPhone or iPad installs from Safari (Settings → General → VPN & Device Management), before full trust is turned
/// on in Certificate Trust Settings. Unsigned, so iOS shows it as "Not Verified": the fingerprint on the trust page
/// and in the terminal is how the person checks it. The identifiers come from the certificate, so downloading it
/// again replaces the profile rather than adding a second one.
public enum TrustProfile {
    public static func mobileconfig(certificateDER: [UInt8], name: String) -> String {
        let digest = Array(SHA256.hash(data: certificateDER))
        let profileID = uuid(digest[0..<16])
        let payloadID = uuid(digest[16..<32])
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>PayloadContent</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>PayloadCertificateFileName</key><string>cadence-ca.cer</string>
        \t\t\t<key>PayloadContent</key><data>\(Data(certificateDER).base64EncodedString())</data>
        \t\t\t<key>PayloadDescription</key><string>Lets this device reach Cadence over HTTPS on your own network.</string>
        \t\t\t<key>PayloadDisplayName</key><string>\(escaped)</string>
        \t\t\t<key>PayloadIdentifier</key><string>org.cadence.local-ca.\(payloadID)</string>
        \t\t\t<key>PayloadType</key><string>com.apple.security.root</string>
        \t\t\t<key>PayloadUUID</key><string>\(payloadID)</string>
        \t\t\t<key>PayloadVersion</key><integer>1</integer>
        \t\t</dict>
        \t</array>
        \t<key>PayloadDisplayName</key><string>\(escaped)</string>
        \t<key>PayloadIdentifier</key><string>org.cadence.trust.\(profileID)</string>
        \t<key>PayloadType</key><string>Configuration</string>
        \t<key>PayloadUUID</key><string>\(profileID)</string>
        \t<key>PayloadVersion</key><integer>1</integer>
        </dict>
        </plist>

        """
    }

    /// A version-4-shaped UUID from 16 bytes of the digest.
    private static func uuid(_ bytes: ArraySlice<UInt8>) -> String {
        var b = Array(bytes)
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        let hex = b.map { String(format: "%02X", $0) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}
