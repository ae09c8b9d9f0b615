import Crypto
import CryptoExtras
import Foundation

/// Turns a password into the AES-256 key of a package.
///
/// scrypt (memory-hard, so GPUs and ASICs gain less than against PBKDF2) with the OWASP minimum
/// N=2^17, r=8, p=1 (128 MiB, ~0.3 s on a shared server core). The scrypt output is split with
/// HKDF into a content key and a key-check key, so the check value never shares a key with media.
struct PackageKey: Sendable {
    static let defaultParameters = KDFParameters(n: 1 << 17, r: 8, p: 1)
    static let algorithm = "AES-256-GCM"
    static let kdfName = "scrypt"
    /// 1 MiB plaintext per sealed chunk: memory stays bounded and a damaged chunk is found early.
    static let chunkSize = 1 << 20
    static let keyCheckPlaintext = Data("cadence-package key check v1".utf8)

    let contentKey: SymmetricKey
    let checkKey: SymmetricKey

    /// Derives both keys; the password is normalised (NFC) so the same password typed on different
    /// systems gives the same key.
    init(password: String, salt: Data, parameters: KDFParameters) throws {
        try Self.checkBounds(parameters)
        let passwordBytes = Data(password.precomposedStringWithCanonicalMapping.utf8)
        let master: SymmetricKey
        do {
            master = try KDF.Scrypt.deriveKey(from: passwordBytes, salt: salt, outputByteCount: 32,
                                              rounds: parameters.n, blockSize: parameters.r,
                                              parallelism: parameters.p)
        } catch {
            throw PackageError.unsupportedEncryption("scrypt failed with N=\(parameters.n), r=\(parameters.r), p=\(parameters.p)")
        }
        contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, salt: salt,
                                            info: Data("cadence-package/v1 content".utf8), outputByteCount: 32)
        checkKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, salt: salt,
                                          info: Data("cadence-package/v1 key-check".utf8), outputByteCount: 32)
    }

    /// A hostile manifest could ask for terabytes of scrypt memory; refuse anything beyond 1 GiB.
    static func checkBounds(_ p: KDFParameters) throws {
        let powerOfTwo = p.n > 1 && p.n & (p.n - 1) == 0
        guard powerOfTwo, p.n <= 1 << 20, (1...16).contains(p.r), (1...4).contains(p.p),
              128 * p.n * p.r * p.p <= 1 << 30 else {
            throw PackageError.unsupportedEncryption("scrypt parameters N=\(p.n), r=\(p.r), p=\(p.p) are outside the accepted range")
        }
    }

    /// A new random key for writing, with the manifest block that lets a reader re-derive it.
    static func make(password: String, parameters: KDFParameters = defaultParameters) throws -> (PackageKey, PackageEncryption) {
        guard !password.isEmpty else { throw PackageError.invalidInput("the password is empty") }
        let salt = Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
        let key = try PackageKey(password: password, salt: salt, parameters: parameters)
        let check: Data
        do {
            check = try AES.GCM.seal(keyCheckPlaintext, using: key.checkKey).combined ?? Data()
        } catch {
            throw PackageError.io("encryption failed")
        }
        let block = PackageEncryption(algorithm: algorithm, chunkSize: chunkSize, kdf: kdfName, parameters: parameters,
                                      salt: salt.base64EncodedString(), keyCheck: check.base64EncodedString())
        return (key, block)
    }

    /// Re-derives the key of an existing package and proves the password right before any entry is read.
    static func open(_ block: PackageEncryption, password: String?) throws -> PackageKey {
        guard block.algorithm == algorithm, block.kdf == kdfName else {
            throw PackageError.unsupportedEncryption("\(block.algorithm) with \(block.kdf)")
        }
        guard block.chunkSize >= 4096, block.chunkSize <= 16 << 20 else {
            throw PackageError.unsupportedEncryption("chunk size \(block.chunkSize)")
        }
        guard let password, !password.isEmpty else { throw PackageError.passwordRequired }
        guard let salt = Data(base64Encoded: block.salt), salt.count >= 16,
              let check = Data(base64Encoded: block.keyCheck) else {
            throw PackageError.malformedManifest("the encryption block is unreadable")
        }
        let key = try PackageKey(password: password, salt: salt, parameters: block.parameters)
        guard let box = try? AES.GCM.SealedBox(combined: check),
              let opened = try? AES.GCM.open(box, using: key.checkKey),
              opened == keyCheckPlaintext else {
            throw PackageError.wrongPassword
        }
        return key
    }
}
