import ArgumentParser
import CadenceCore
import Foundation
import PlatformService
import PlatformStorage
import Storage
import TalksService
import TalksStorage

enum PasswordInput {
    static func read(fromStdin: Bool) throws -> (password: String, generated: Bool) {
        guard fromStdin else {
            // 16 characters from an unambiguous alphabet: about 90 bits.
            let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
            return (String((0..<16).map { _ in alphabet.randomElement()! }), true)
        }
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw CLIError(key: "cli.password.stdin_empty")
        }
        do { try AccountRules.checkPassword(line) } catch { throw CLIError(key: "cli.password.invalid", ["message": Terminal.message(error)]) }
        return (line, false)
    }
}
