import Foundation

/// Base64url without padding (RFC 4648 §5): safe in URLs, cookies and headers; how Web Push writes keys, salts and JWTs.
public enum Base64URL {
    public static func encode(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Accepts padded or unpadded, url-safe or standard alphabet (browsers' `toJSON()` is url-safe, unpadded).
    public static func decode(_ text: String) -> Data? {
        var base64 = text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            .replacingOccurrences(of: "=", with: "")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
