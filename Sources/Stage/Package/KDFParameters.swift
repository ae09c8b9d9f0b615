import Foundation

/// scrypt cost parameters, stored so a later version can raise them without breaking old packages.
public struct KDFParameters: Codable, Sendable, Equatable {
    /// CPU/memory cost (a power of two).
    public var n: Int
    /// Block size.
    public var r: Int
    /// Parallelism.
    public var p: Int

    public init(n: Int, r: Int, p: Int) {
        self.n = n
        self.r = r
        self.p = p
    }
}
