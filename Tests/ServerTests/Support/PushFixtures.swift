import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization

/// A browser's side of a push subscription: its P-256 key and auth secret, and the decryption a browser does
/// (RFC 8291 / RFC 8188), written here from the RFCs so the server's encryption is checked by an independent reader.
struct PushBrowser: Sendable {
    let key = P256.KeyAgreement.PrivateKey()
    let auth = Data(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })

    static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    /// `PushSubscription.toJSON()` for an endpoint.
    func subscriptionJSON(endpoint: String) -> String {
        #"{"endpoint":"\#(endpoint)","keys":{"p256dh":"\#(Self.base64URL(key.publicKey.x963Representation))","auth":"\#(Self.base64URL(auth))"}}"#
    }

    struct NotDecryptable: Error {}

    /// The plaintext of an aes128gcm body with one record.
    func decrypt(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw NotDecryptable() }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        let serverKey = Data(bytes[21..<(21 + idLength)])
        let sealed = Data(bytes[(21 + idLength)...])
        let shared = try key.sharedSecretFromKeyAgreement(with: try P256.KeyAgreement.PublicKey(x963Representation: serverKey))
        let info = Data("WebPush: info".utf8) + [0] + key.publicKey.x963Representation + serverKey
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
                                         outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0],
                                           outputByteCount: 12)
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }),
                                        ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
        var plain = try AES.GCM.open(box, using: cek)
        // The last record ends with the delimiter 2, then any padding zeros.
        while plain.last == 0 { plain.removeLast() }
        guard plain.last == 2 else { throw NotDecryptable() }
        return plain.dropLast()
    }
}

/// A push service on this machine (RFC 8030's receiving side): keeps every request and answers each with the next
/// status of its script (then 201).
final class PushReceiver: Sendable {
    struct Received: Sendable {
        let path: String
        /// Lower-cased names.
        let headers: [String: String]
        let body: Data
    }

    private let received = Mutex<[Received]>([])
    private let script = Mutex<[Int]>([])

    var requests: [Received] { received.withLock { $0 } }

    func answer(_ statuses: [Int]) { script.withLock { $0 = statuses } }

    /// Runs the service on a free port for the body's duration; the body gets its base URL.
    func run(_ body: @escaping @Sendable (_ baseURL: String) async throws -> Void) async throws {
        let router = Router()
        router.post("/push/:id") { [self] request, context -> Response in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
            received.withLock { $0.append(Received(path: request.uri.path, headers: headers, body: Data(buffer: bytes))) }
            let status = script.withLock { $0.isEmpty ? 201 : $0.removeFirst() }
            return Response(status: .init(code: status))
        }
        var logger = Logger(label: "test.push-service")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            guard let port = client.port else { throw TestFailure("the push service has no port") }
            try await body("http://127.0.0.1:\(port)")
        }
    }
}
