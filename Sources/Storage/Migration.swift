import Foundation
import CadenceCore
import SQLKit

/// One numbered schema change. Once a migration has landed it is never edited:
/// a later change is a new number.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let apply: @Sendable (any SQLDatabase) async throws -> Void

    public init(version: Int, name: String, apply: @escaping @Sendable (any SQLDatabase) async throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}
