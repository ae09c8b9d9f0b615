import Foundation

/// A value kept as JSON in one column (a reminder, a talk's cues, a talk run), with the version of its shape: renaming
/// a Swift property would otherwise make every stored row unreadable without a word.
///
/// A row is `{"version": N, "value": …}`. Version 1 is the bare value as Codable wrote it until December 2026 (no
/// envelope); its fields are version 2's. A change to a shape bumps `version` and gives an upgrade from the version
/// before, applied to the JSON, so that older rows are read forward; each version's row is pinned by a golden test
/// (docs/development.md, "Stored shapes").
public struct StoredJSON<Value: Codable>: Sendable {
    /// Turns a row's value (as JSONSerialization reads it) of one version into the next one's.
    public typealias Upgrade = @Sendable (Any) throws -> Any

    /// What the value is, for messages: "reminder".
    public let shape: String
    /// The version written now.
    public let version: Int
    /// `upgrades[n]` turns version n into n + 1; a version without one kept its fields.
    private let upgrades: [Int: Upgrade]

    public init(_ shape: String, version: Int, upgrades: [Int: Upgrade] = [:]) {
        self.shape = shape
        self.version = version
        self.upgrades = upgrades
    }

    public func encode(_ value: Value) throws -> String {
        String(decoding: try JSONEncoder().encode(Envelope(version: version, value: value)), as: UTF8.self)
    }

    /// Reads a row of this version or an older one. A row from a newer Cadence (a database used by a later release,
    /// then by this one) is refused by name rather than misread.
    public func decode(_ text: String) throws -> Value {
        let data = Data(text.utf8)
        // Today's rows: one decoding, no JSON object in between.
        if let current = try? JSONDecoder().decode(Envelope.self, from: data), current.version == version { return current.value }
        var (rowVersion, value) = try Self.versionAndValue(data)
        guard rowVersion <= version else { throw StoredShapeError(shape: shape, version: rowVersion, known: version) }
        while rowVersion < version {
            if let upgrade = upgrades[rowVersion] { value = try upgrade(value) }
            rowVersion += 1
        }
        return try JSONDecoder().decode(Value.self, from: JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }

    /// The row's version and value: an object of exactly `version` (a whole number) and `value` is an envelope;
    /// anything else is a version 1 row.
    private static func versionAndValue(_ data: Data) throws -> (Int, Any) {
        let row = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        if let object = row as? [String: Any], object.count == 2, let value = object["value"],
           let version = object["version"] as? Int { return (version, value) }
        return (1, row)
    }

    private struct Envelope: Codable {
        let version: Int
        let value: Value
    }
}

/// A stored row written by a newer Cadence than this one.
public struct StoredShapeError: Error, Equatable, CustomStringConvertible {
    public let shape: String
    public let version: Int
    public let known: Int

    public init(shape: String, version: Int, known: Int) {
        self.shape = shape
        self.version = version
        self.known = known
    }

    public var description: String {
        "A stored \(shape) is of version \(version) of its shape, and this Cadence reads up to version \(known): it was written by a newer Cadence."
    }
}
