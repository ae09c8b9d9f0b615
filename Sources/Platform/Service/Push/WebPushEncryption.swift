import CadenceCore
import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188): an ephemeral P-256 key
/// agreed with the browser's key, mixed with its auth secret through HKDF, sealed in one AES-128-GCM record.
/// Every primitive is swift-crypto's.
public enum WebPushEncryption {
    /// One record holds the whole message; browsers accept records up to this size (RFC 8188's default).
    static let recordSize: UInt32 = 4096
    /// Push services accept at most 4096 bytes of body (RFC 8291 §4): header 86, tag 16, delimiter 1.
    public static let maximumPlaintext = 4096 - 86 - 16 - 1

    public enum Failure: Error, Equatable {
        case badUserAgentKey
        case badAuthSecret
        case tooLong(bytes: Int)
    }

    /// - Parameters:
    ///   - userAgentKey: the subscription's `p256dh`, an uncompressed P-256 point (65 bytes).
    ///   - authSecret: the subscription's `auth`, 16 bytes.
    ///   - ephemeral, salt: chosen afresh per message; fixed only by tests (RFC 8291 Appendix A).
    public static func encrypt(
        _ plaintext: Data, userAgentKey: Data, authSecret: Data,
        ephemeral: P256.KeyAgreement.PrivateKey = .init(), salt: Data = randomSalt()
    ) throws -> Data {
        guard plaintext.count <= maximumPlaintext else { throw Failure.tooLong(bytes: plaintext.count) }
        guard authSecret.count == 16 else { throw Failure.badAuthSecret }
        guard userAgentKey.count == 65, let userAgent = try? P256.KeyAgreement.PublicKey(x963Representation: userAgentKey) else {
            throw Failure.badUserAgentKey
        }
        let serverKey = ephemeral.publicKey.x963Representation
        let shared = try ephemeral.sharedSecretFromKeyAgreement(with: userAgent)

        // RFC 8291 §3.3–3.4: IKM = HKDF(auth, ecdh, "WebPush: info" ‖ 0 ‖ ua_public ‖ as_public, 32).
        let keyInfo = Data("WebPush: info".utf8) + [0] + userAgentKey + serverKey
        let inputKey = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2–2.3: the content key and nonce from (salt, IKM).
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                           info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // One record, the last: the plaintext, then the delimiter 2 (no padding).
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey,
                                      nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))

        var body = Data(capacity: 86 + plaintext.count + 17)
        body += salt
        body += withUnsafeBytes(of: recordSize.bigEndian) { Data($0) }
        body.append(UInt8(serverKey.count))
        body += serverKey
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }

    public static func randomSalt() -> Data {
        Data(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }
}
